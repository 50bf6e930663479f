import { describe, expect, it } from "vitest";
import { appRouter } from "@/server/routers/_app";
import { RATE_POLICIES, type TRatePolicyName } from "@/server/rate-limit/policies";
import type { TMeta } from "./init";
import { routePolicy } from "./policy";

/**
 * Routes declare their rate limits in meta and the routePolicy middleware applies them: a route
 * that declares limits without the middleware would be unlimited, and one whose middleware runs
 * before its input is parsed would count requests that the spec says change nothing.
 */
type TProcedureDef = { meta?: TMeta; middlewares: Array<{ _type?: string }> };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: TProcedureDef }>).map(([name, p]) => ({ name, def: p._def }));
const policyFn = (routePolicy as unknown as { _middlewares: unknown[] })._middlewares[0];

describe("route policy", () => {
  it("every route that declares limits applies them after its input is parsed, and only those routes use the middleware", () => {
    const wrong: string[] = [];
    for (const { name, def } of procedures) {
      const at = def.middlewares.indexOf(policyFn as never);
      const input = def.middlewares.findIndex((m) => m._type === "input");
      if (def.meta?.limits && at === -1) wrong.push(`${name}: declares limits, no routePolicy`);
      if (!def.meta?.limits && at !== -1) wrong.push(`${name}: routePolicy without limits`);
      if (at !== -1 && input > at) wrong.push(`${name}: routePolicy before .input()`);
    }
    expect(wrong).toEqual([]);
  });

  it("a route has at most one group of limits its handler counts (and one exemption beside it), and every policy is some route's", () => {
    const used = new Set<TRatePolicyName>();
    for (const { name, def } of procedures) {
      const groups = def.meta?.limits ?? [];
      expect(groups.filter((g) => g.when === "handler" || g.when === "replay_first").length, name).toBeLessThanOrEqual(1);
      const exemptions = groups.filter((g) => g.when === "exemption").length;
      expect(exemptions, name).toBeLessThanOrEqual(1);
      // an exemption bounds what the handler lets past its own group's refusal: never alone
      if (exemptions > 0) expect(groups.some((g) => g.when === "handler"), name).toBe(true);
      for (const g of groups) for (const p of g.policies) used.add(p);
    }
    expect([...used].sort()).toEqual((Object.keys(RATE_POLICIES) as TRatePolicyName[]).sort());
  });

  it("the spec's replay rules are declared: a repeated start_id and an exact spin_id replay are answered before their limits", () => {
    const when = (path: string) => procedures.find((p) => p.def.meta?.openapi?.path === path && p.def.meta.openapi.method === "POST")?.def.meta?.limits?.map((g) => g.when);
    expect(when("/v1/game-runs")).toEqual(["replay_first"]);
    expect(when("/v1/wheel/spins")).toEqual(["replay_first"]);
  });
});
