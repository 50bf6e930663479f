import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The shell's postMessage peer is pinned to the embedding origin it was opened for: bootstraps
 * from anywhere else are ignored, and its own messages are addressed to that origin, never "*".
 */
type TListener = (e: { source: unknown; origin: string; data: unknown }) => void;

function fakeWindows(opts: { ancestorOrigins?: string[]; referrer?: string } = {}) {
  const listeners: TListener[] = [];
  const parent = { postMessage: vi.fn() };
  const win = {
    parent,
    addEventListener: (type: string, l: TListener) => type === "message" && listeners.push(l),
    removeEventListener: () => {},
    setTimeout: () => 0,
  };
  vi.stubGlobal("window", win);
  vi.stubGlobal("location", { ancestorOrigins: opts.ancestorOrigins ? Object.assign([...opts.ancestorOrigins], { item: () => null, contains: () => false }) : undefined });
  vi.stubGlobal("document", { referrer: opts.referrer ?? "" });
  const deliver = (origin: string, data: unknown, source: unknown = parent) => listeners.forEach((l) => l({ source, origin, data }));
  return { parent, deliver };
}

let bridge: typeof import("./bridge");
beforeEach(async () => {
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

describe("play shell bridge", () => {
  it("takes the bootstrap only from the configured origin, and only from the parent", async () => {
    const { parent, deliver } = fakeWindows({ ancestorOrigins: ["https://evil.example"] });
    bridge = await import("./bridge");
    bridge.setParentOrigin(bridge.resolveParentOrigin("https://shop.example"));
    const tokens: string[] = [];
    bridge.onBootstrap((t) => tokens.push(t));
    deliver("https://evil.example", { type: "service:bootstrap", session_token: "stolen" });
    deliver("https://shop.example", { type: "service:bootstrap", session_token: "from-a-sibling" }, {});
    deliver("https://shop.example", { type: "service:bootstrap", session_token: "good" });
    expect(tokens).toEqual(["good"]);
    bridge.runFinished({ run_id: "r", status: "won", level_number: 1, score: 10 });
    expect(parent.postMessage).toHaveBeenCalledWith(expect.objectContaining({ type: "run_finished" }), "https://shop.example");
    for (const call of parent.postMessage.mock.calls) expect(call[1]).not.toBe("*");
  });

  it("takes a language wish only from the pinned parent, and only a language tag", async () => {
    const { deliver } = fakeWindows();
    bridge = await import("./bridge");
    bridge.setParentOrigin("https://shop.example");
    const wishes: string[][] = [];
    bridge.onSetLanguage((lang, host) => wishes.push([lang, host]));
    deliver("https://evil.example", { type: "service:set_language", lang: "de" });
    deliver("https://shop.example", { type: "service:set_language", lang: "de" }, {});
    deliver("https://shop.example", { type: "service:set_language", lang: "<script>" });
    deliver("https://shop.example", { type: "service:set_language", lang: "pt-BR", host_lang: "en-GB" });
    deliver("https://shop.example", { type: "service:set_language", lang: "ja", host_lang: 5 });
    expect(wishes).toEqual([["pt-BR", "en-GB"], ["ja", ""]]);
  });

  it("falls back to what the browser says about the embedding page", async () => {
    fakeWindows({ ancestorOrigins: ["https://blog.example"] });
    bridge = await import("./bridge");
    expect(bridge.resolveParentOrigin(null)).toBe("https://blog.example");
    fakeWindows({ referrer: "https://shop.example/some/page?x=1" });
    bridge = await import("./bridge");
    expect(bridge.resolveParentOrigin(null)).toBe("https://shop.example");
  });

  it("talks to nobody when the embedding origin is unknown", async () => {
    const { parent, deliver } = fakeWindows();
    bridge = await import("./bridge");
    bridge.setParentOrigin(bridge.resolveParentOrigin(null));
    const tokens: string[] = [];
    bridge.onBootstrap((t) => tokens.push(t));
    deliver("https://shop.example", { type: "service:bootstrap", session_token: "t" });
    bridge.requestAuth();
    expect(tokens).toEqual([]);
    expect(parent.postMessage).not.toHaveBeenCalled();
  });
});
