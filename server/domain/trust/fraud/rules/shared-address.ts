import { z } from "zod";
import { defineFraudRule, ZRuleBase } from "./define";

/**
 * Players sharing one address are counted up to this many: the count's cost stays bounded on a
 * busy shared address (a carrier's NAT), and the shared-address rule's thresholds stop there.
 */
export const SAME_ADDRESS_COUNT_CAP = 1000;

const ZPlayers = z.number().int().min(2).max(SAME_ADDRESS_COUNT_CAP);

/** Many different players from one network address within a day: a farm, or one person with many ids (counted up to the rule's higher threshold). */
export const sharedAddressRule = defineFraudRule({
  type: "shared_address",
  summary: "Many players started runs from the same network address in 24 hours",
  config: ZRuleBase.extend({ players: ZPlayers.default(25), players_high: ZPlayers.default(100), score: z.number().min(0).max(100).default(30), score_high: z.number().min(0).max(100).default(60) }),
  evaluate(s, c) {
    if (s.playersSameAddress24h < c.players) return null;
    const countedUpTo = Math.max(c.players, c.players_high);
    const high = s.playersSameAddress24h >= c.players_high;
    // The count stops at the higher threshold (sharedAddressCountLimitSql): at it, there may be more.
    return { score: high ? c.score_high : c.score, reason: "shared_address", flag: { kind: "shared_address", details: { players_24h: s.playersSameAddress24h, counted_up_to: countedUpTo } } };
  },
});

/**
 * How far the fraud gate counts the players on a claim's address, as an SQL expression over the
 * project's stored configuration (`projectParam`: the statement's parameter holding the project):
 * up to the rule's higher threshold, and not at all while the rule is off — a count past both
 * thresholds changes no decision. On a carrier's NAT with 2 000 players in the window, counting
 * to 1 000 cost PostgreSQL 0.37 ms on each of their claims, counting to the default 100 0.035 ms.
 * It is read inside the gate's own statement because that statement goes out before the project's
 * row is back (create-claims.ts). A setting that is unset — or, never written so by the API, not
 * of its type — is the rule's own default, taken from its schema here so the two cannot differ.
 */
export function sharedAddressCountLimitSql(projectParam: string): string {
  const d = sharedAddressRule.config.parse({});
  const setting = (field: "players" | "players_high") => `CASE WHEN jsonb_typeof(r->'${field}') = 'number' THEN (r->>'${field}')::numeric ELSE ${d[field]} END`;
  const enabled = `CASE WHEN jsonb_typeof(r->'enabled') = 'boolean' THEN (r->>'enabled')::boolean ELSE ${d.enabled} END`;
  return `coalesce((SELECT CASE WHEN ${enabled} THEN least(${SAME_ADDRESS_COUNT_CAP}, ceil(greatest(${setting("players")}, ${setting("players_high")})))::int ELSE 0 END
                      FROM (SELECT fraud_config->'rules'->'shared_address' AS r FROM project WHERE id = ${projectParam}) s), ${SAME_ADDRESS_COUNT_CAP})`;
}
