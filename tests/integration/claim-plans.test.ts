import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { PLAYER_FACTS_SQL } from "@/server/domain/trust/fraud/signals";

/**
 * The claim path's prepared statements keep the generic plan their connection made first, often
 * while a new database's tables had no statistics yet. Such a plan must still read one player's
 * rows, never a whole project's. A temporary reward_claim (same columns and indexes, never
 * analyzed: autovacuum does not touch temporary tables) shadows the real one for one connection.
 */
describe("claim path plans without statistics", () => {
  it("the fraud gate counts a player's claims of the last hour through the (project, player, created_at) index", async () => {
    const c = await pool().connect();
    try {
      await c.query("BEGIN");
      await c.query("CREATE TEMP TABLE reward_claim (LIKE public.reward_claim INCLUDING ALL) ON COMMIT DROP");
      await c.query("SET LOCAL plan_cache_mode = force_generic_plan");
      await c.query(`PREPARE facts_plan AS ${PLAYER_FACTS_SQL}`);
      const { rows } = await c.query("EXPLAIN (FORMAT JSON) EXECUTE facts_plan('00000000-0000-4000-8000-000000000001', 'player-1', 'hash', now(), NULL)");
      const scans: { relation: string; index: string | undefined }[] = [];
      const walk = (n: Record<string, unknown>) => {
        if (n["Relation Name"]) scans.push({ relation: n["Relation Name"] as string, index: n["Index Name"] as string | undefined });
        for (const child of (n.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
      };
      walk(rows[0]["QUERY PLAN"][0].Plan);
      expect(scans.filter((s) => s.relation === "reward_claim")).toEqual([{ relation: "reward_claim", index: "reward_claim_project_id_external_user_id_created_at_idx" }]);
      // The players on the run's network and on its full address: each through the rollup's key, never a scan of the project's rows.
      expect(scans.filter((s) => s.relation === "address_player")).toEqual([
        { relation: "address_player", index: "address_player_pkey" },
        { relation: "address_player", index: "address_player_pkey" },
      ]);
    } finally {
      await c.query("ROLLBACK").catch(() => {});
      // PREPARE outlives the transaction, and the pool's driver keeps its own list of what this
      // connection has prepared: the connection is closed rather than handed back.
      c.release(true);
    }
  });
});
