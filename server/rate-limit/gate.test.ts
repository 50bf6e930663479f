import { describe, expect, it } from "vitest";
import { limitGate, limitKey } from "./gate";
import { RateLimiter } from "./rate-limiter";
import { rateLimitRefusals } from "@/server/metrics/prometheus";

const player = { projectId: "p1", externalUserId: "u1", sessionId: "s1", ip: () => "2001:db8:1:2:3:4:5:6" };

/** Spends a policy's points for a key until it refuses. */
async function exhaust(l: RateLimiter, name: "wheelSpinMinute" | "runStart" | "telemetrySession", key: string, points: number) {
  for (let i = 0; i < points; i++) await l.check(name, key);
}

describe("limit keys", () => {
  it("count by what each policy names; an IPv6 address by its /64", () => {
    expect(limitKey("player", player)).toBe("p1:u1");
    expect(limitKey("session", player)).toBe("p1:s1");
    expect(limitKey("project_address", player)).toBe(limitKey("project_address", { ...player, ip: () => "2001:db8:1:2:ffff::1" }));
    expect(limitKey("email_address", { email: " Ann@Example.COM ", ip: () => "192.0.2.7" })).toBe("ann@example.com|192.0.2.7");
    expect(() => limitKey("account", player)).toThrow(/account/);
  });
});

describe("the operator's count of refusals", () => {
  it("counts each refused check by its policy (playloop_rate_limit_refusals_total), and nothing for allowed ones", async () => {
    const count = async (policy: string) => (await rateLimitRefusals.get()).values.find((v) => v.labels.policy === policy)?.value ?? 0;
    const l = new RateLimiter(null);
    const before = await count("runStart");
    await exhaust(l, "runStart", "metrics:u1", 10);
    expect(await count("runStart")).toBe(before);
    expect((await l.check("runStart", "metrics:u1")).allowed).toBe(false);
    expect((await l.check("runStart", "metrics:u1")).allowed).toBe(false);
    expect(await count("runStart")).toBe(before + 2);
  });
});

describe("limit gate", () => {
  it("counts nothing until the handler asks, and decides once however often it is awaited", async () => {
    const l = new RateLimiter(null);
    const gate = limitGate(l, ["runStart"], player);
    await Promise.all([gate.enforce(), gate.enforce(), gate.answer()]);
    await exhaust(l, "runStart", "p1:u1", 9);
    expect((await l.check("runStart", "p1:u1")).allowed).toBe(false); // 1 + 9 spent, the 11th refused
  });

  it("in order: the first refusal stops the rest, which are not counted", async () => {
    const l = new RateLimiter(null);
    await exhaust(l, "telemetrySession", "p1:s1", 3);
    const gate = limitGate(l, ["telemetrySession", "telemetryProject"], player);
    await expect(gate.enforce()).rejects.toMatchObject({ appCode: "rate_limited" });
    // The project's budget was not touched: 300 more fit.
    for (let i = 0; i < 300; i++) expect((await l.check("telemetryProject", "p1")).allowed).toBe(true);
  });

  it("asked ahead: a refusal gives the later policies their points back; giveBack returns what a replay took", async () => {
    const l = new RateLimiter(null);
    await exhaust(l, "wheelSpinMinute", "p1:u1", 6);
    const refused = limitGate(l, ["wheelSpinMinute", "wheelSpinHour"], player);
    refused.ask();
    expect((await refused.answer()).allowed).toBe(false);
    const replay = limitGate(l, ["runStart"], player);
    replay.ask();
    await replay.giveBack();
    // Neither the refused spin's hour nor the replayed start counted.
    for (let i = 0; i < 30; i++) expect((await l.check("wheelSpinHour", "p1:u1")).allowed).toBe(true);
    for (let i = 0; i < 10; i++) expect((await l.check("runStart", "p1:u1")).allowed).toBe(true);
  });

  it("takes what only the handler knows (the project behind a public id)", async () => {
    const l = new RateLimiter(null);
    const gate = limitGate(l, ["widgetExposure"], { ip: () => "192.0.2.1" });
    await gate.enforce({ projectId: "internal" });
    for (let i = 0; i < 59; i++) await l.check("widgetExposure", "internal:192.0.2.1");
    expect((await l.check("widgetExposure", "internal:192.0.2.1")).allowed).toBe(false);
  });
});
