import { z } from "zod";
import { findGameManifest } from "@/games/manifests";
import { defaultBoosterOffers } from "@/games/metas";
import { getMechanic, isMechanicId } from "@/games/registry";

/**
 * A project's economy: the resources players hold (with what a new player starts with) and the
 * boosters they can buy, each for one game with one of that game's effects. Stored on the project
 * (`economy_config`); `{}` means the defaults below, so a new project has a working economy.
 */
const ZId = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, "lowercase letters, digits and _, starting with a letter, at most 32");

const ZResource = z.object({ id: ZId, name: z.string().trim().min(1).max(40), starting_balance: z.number().int().min(0).max(1_000_000_000).default(0) }).strict();
const ZBooster = z
  .object({
    id: ZId,
    name: z.string().trim().min(1).max(40),
    description: z.string().trim().max(200).default(""),
    mechanic: z.string(),
    effect: z.string(),
    price: z.object({ resource_id: ZId, amount: z.number().int().min(1).max(1_000_000_000) }).strict(),
  })
  .strict();

export const ZEconomyConfig = z
  .object({ resources: z.array(ZResource).min(1).max(10), boosters: z.array(ZBooster).max(30).default([]) })
  .strict()
  .superRefine((c, ctx) => {
    const resources = new Set<string>();
    c.resources.forEach((r, i) => {
      if (resources.has(r.id)) ctx.addIssue({ code: "custom", path: ["resources", i, "id"], message: "duplicate resource id" });
      resources.add(r.id);
    });
    const boosters = new Set<string>();
    c.boosters.forEach((b, i) => {
      if (boosters.has(b.id)) ctx.addIssue({ code: "custom", path: ["boosters", i, "id"], message: "duplicate booster id" });
      boosters.add(b.id);
      if (!resources.has(b.price.resource_id)) ctx.addIssue({ code: "custom", path: ["boosters", i, "price", "resource_id"], message: "not one of the resources" });
      if (!isMechanicId(b.mechanic)) ctx.addIssue({ code: "custom", path: ["boosters", i, "mechanic"], message: "unknown game" });
      else if (!(getMechanic(b.mechanic).boosters ?? []).includes(b.effect)) {
        ctx.addIssue({ code: "custom", path: ["boosters", i, "effect"], message: `${findGameManifest(b.mechanic)?.name ?? b.mechanic} offers ${(getMechanic(b.mechanic).boosters ?? []).join(", ") || "no boosters"}` });
      }
    });
  });

export type TEconomyConfig = z.output<typeof ZEconomyConfig>;

export const DEFAULT_ECONOMY: TEconomyConfig = {
  resources: [
    { id: "tickets", name: "Tickets", starting_balance: 2 },
    { id: "coins", name: "Coins", starting_balance: 100 },
  ],
  // Each game's default offers come from its package (games/<game>/meta.ts).
  boosters: defaultBoosterOffers(),
};

/** The configuration in force: the stored one, or the defaults for `{}`. */
export function resolveEconomy(stored: unknown): TEconomyConfig {
  if (!stored || (typeof stored === "object" && Object.keys(stored).length === 0)) return DEFAULT_ECONOMY;
  return ZEconomyConfig.parse(stored);
}
