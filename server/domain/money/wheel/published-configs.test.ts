import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEFAULT_ECONOMY } from "@/server/domain/money/economy/config";
import { defaultDraft } from "./draft-model";
import { heldConfig, publishedConfig } from "./published-configs";

const raw = (ticketCost: number) => ({ ...defaultDraft("daily", DEFAULT_ECONOMY, "Shop"), ticket_cost: ticketCost });

describe("published wheel configurations held by the process", () => {
  it("parses a version once, answers it when the statement left it out, and keeps the newest", () => {
    const project = randomUUID();
    expect(heldConfig(project, "daily")).toBeUndefined();
    const v1 = publishedConfig(project, "daily", 1, raw(1), undefined);
    const held = heldConfig(project, "daily");
    expect(held).toEqual({ version: 1, config: v1 });
    expect(publishedConfig(project, "daily", 1, null, held)).toBe(v1);
    expect(Object.isFrozen(v1) && Object.isFrozen(v1.segments[0]!.award)).toBe(true);
    // a newer version replaces it; a statement that read an older one meanwhile does not take it back
    const v2 = publishedConfig(project, "daily", 2, raw(2), held);
    expect(publishedConfig(project, "daily", 1, raw(1), undefined).ticket_cost).toBe(1);
    expect(heldConfig(project, "daily")?.config).toBe(v2);
    // the configuration the statement was sent holding is the one answered, whatever is held now
    expect(publishedConfig(project, "daily", 1, null, held)).toBe(v1);
  });

  it("refuses a row without its configuration for a version it was not sent holding, and a configuration its schema refuses", () => {
    const project = randomUUID();
    expect(() => publishedConfig(project, "daily", 3, null, undefined)).toThrow(/without its configuration/);
    expect(() => publishedConfig(project, "daily", 3, { ...raw(1), segments: [] }, undefined)).toThrow();
  });
});
