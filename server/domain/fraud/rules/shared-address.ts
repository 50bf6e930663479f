import { z } from "zod";
import { SAME_ADDRESS_COUNT_CAP } from "../signals";
import { defineFraudRule, ZRuleBase } from "./define";

const ZPlayers = z.number().int().min(2).max(SAME_ADDRESS_COUNT_CAP);

/** Many different players from one network address within a day: a farm, or one person with many ids (counted up to SAME_ADDRESS_COUNT_CAP). */
export const sharedAddressRule = defineFraudRule({
  type: "shared_address",
  summary: "Many players started runs from the same network address in 24 hours",
  config: ZRuleBase.extend({ players: ZPlayers.default(25), players_high: ZPlayers.default(100), score: z.number().min(0).max(100).default(30), score_high: z.number().min(0).max(100).default(60) }),
  evaluate(s, c) {
    if (s.playersSameAddress24h < c.players) return null;
    const high = s.playersSameAddress24h >= c.players_high;
    return { score: high ? c.score_high : c.score, reason: "shared_address", flag: { kind: "shared_address", details: { players_24h: s.playersSameAddress24h } } };
  },
});
