import { randomUUID } from "node:crypto";
import { expect, vi } from "vitest";
import { pool, writeLane } from "@/server/db/client";
import { billingPlayerHash } from "@/server/domain/money";
import { advanceClock } from "@/server/lib/clock";
import type { TCall } from "./api";
import { sendCommand, type TPlayer } from "./play";

/**
 * memory_v1 runs played deterministically: the test reads the board the server dealt (its faces
 * and how many mistakes the level allows) and flips to a win or a loss.
 */
export type TRun = { run_id: string; sequence: number };

/** The run's board as the server dealt it, and how many mistakes its level allows. */
export const boardOf = async (runId: string) =>
  (await pool().query<{ faces: string[]; mistakes: number }>("SELECT state->'faces' AS faces, (state->>'mistakes_limit')::int AS mistakes FROM game_run WHERE id = $1", [runId])).rows[0]!;
/** Flips that find every pair (the last one wins). */
export const winning = ({ faces }: { faces: string[] }) => [...new Set(faces)].flatMap((f) => [faces.indexOf(f), faces.lastIndexOf(f)]);
/** One mismatched pair more than the level allows (the last flip loses). */
export const losing = ({ faces, mistakes }: { faces: string[]; mistakes: number }) => Array.from({ length: mistakes + 1 }, () => [0, faces.findIndex((f) => f !== faces[0])]).flat();
export const flip = (index: number, sequence: number) => ({ command_id: randomUUID(), sequence, action: "flip", payload: { index } });

/** Sends the flips (all, or all but the last); answers the last answer and the last flip's body. */
export async function playFlips(call: TCall, p: TPlayer, run: TRun, flips: number[], opts: { stopBeforeLast?: boolean } = {}) {
  const upTo = opts.stopBeforeLast ? flips.length - 1 : flips.length;
  let last;
  for (let i = 0; i < upTo; i++) {
    last = await sendCommand(call, p, run.run_id, flip(flips[i]!, run.sequence + i + 1));
    expect(last.status, last.text).toBe(200);
  }
  return { last, finalMove: flip(flips[flips.length - 1]!, run.sequence + flips.length) };
}

/**
 * The write lane's statements named `prefix…` sent while `run` runs, each with what it wrote:
 * `count` of its rows (how many runs moved, how many were inserted), or "failed".
 */
export async function laneWrites<T>(prefix: string, count: (rows: any[]) => number, run: () => Promise<T>): Promise<{ res: T; writes: Array<number | "failed"> }> {
  const lane = writeLane();
  const original = lane.query.bind(lane);
  const writes: Array<number | "failed"> = [];
  const spy = vi.spyOn(lane, "query").mockImplementation(async (config) => {
    if (!config.name?.startsWith(prefix)) return original(config);
    const at = writes.push("failed") - 1;
    const res = await original(config);
    writes[at] = count(res.rows);
    return res;
  });
  try {
    return { res: await run(), writes };
  } finally {
    spy.mockRestore();
  }
}

/**
 * Moves the one clock to a minute before the next turn of a UTC month; `cross()` moves it two
 * minutes on. Answers both months (their first days), as billing names them.
 */
export function monthTurn() {
  const now = new Date();
  const turn = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  advanceClock(turn - 60_000 - Date.now());
  return { before: `${new Date(turn - 60_000).toISOString().slice(0, 8)}01`, after: new Date(turn).toISOString().slice(0, 10), cross: () => advanceClock(120_000) };
}

/** The months a player is counted in for billing (their project's account). */
export async function billedMonths(p: TPlayer): Promise<string[]> {
  const owner = (await pool().query("SELECT owner_account_id FROM project WHERE id = $1", [p.projectId])).rows[0].owner_account_id as string;
  const { rows } = await pool().query("SELECT period_start::text AS month FROM billing_active_player WHERE account_id = $1 AND player_hash = $2 ORDER BY 1", [owner, billingPlayerHash(owner, p.externalUserId)]);
  return rows.map((r) => r.month as string);
}
