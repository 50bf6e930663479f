import { randomUUID } from "node:crypto";
import { suggestCommand } from "@/games/bots";
import type { TMechanicId } from "@/games/manifests";
import { json } from "./lib";

/** Runs started and played to their end by the reference bot, for `npm run bench:instructions` (bench/instructions.ts, bench/instructions-claims.ts). */

export type TPlayer = { auth: Record<string, string> };
type TRun = { runId: string; view: unknown; sequence: number; auth: Record<string, string> };

/**
 * A request sent again, as its client would, when the web process answered 503. A run of the
 * match3 phases (instructions-claims.ts) failed on one: the limiter fails closed when Redis does
 * not answer, most likely because under callgrind's emulation a pause of the main thread outlasted
 * the Redis client's 2 s command timeout (inferred, the process's log is not kept). Commands and
 * starts carry their own ids, so a second send is the same request.
 */
let resent = 0;
async function sendAgainOn503(send: () => ReturnType<typeof json>): ReturnType<typeof json> {
  for (let attempt = 0; ; attempt++) {
    const res = await send();
    if (res.status !== 503 || attempt === 3) return res;
    resent++;
  }
}

/** How many requests were sent again after a 503 so far (for the report). */
export function resentRequests(): number {
  return resent;
}

/** A new run for each of `count` players (the next ones in turn), started together. */
export async function startRuns(base: string, players: TPlayer[], count: number, turn: { next: number }): Promise<TRun[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const { auth } = players[turn.next++ % players.length]!;
      const body = { start_id: randomUUID(), intent: "next", replace_active: true };
      const start = await sendAgainOn503(() => json(base, "POST", "/v1/game-runs", body, auth));
      if (start.status !== 200) throw new Error(`start: ${start.status} ${JSON.stringify(start.body)}`);
      return { runId: start.body.run_id, view: start.body.view, sequence: start.body.sequence, auth };
    }),
  );
}

/** Plays each run to its end with the reference bot, all of them at once; answers the commands sent and the runs won. */
export async function playToEnd(base: string, mechanic: TMechanicId, runs: TRun[]): Promise<{ commands: number; wins: number }> {
  let commands = 0;
  let wins = 0;
  await Promise.all(
    runs.map(async (run) => {
      for (;;) {
        const cmd = suggestCommand(mechanic, run.view as never);
        if (!cmd) return;
        commands++;
        const body = { command_id: randomUUID(), sequence: run.sequence + 1, ...cmd };
        const res = await sendAgainOn503(() => json(base, "POST", `/v1/game-runs/${run.runId}/commands`, body, run.auth));
        if (res.status !== 200) throw new Error(`command: ${res.status} ${JSON.stringify(res.body)}`);
        run.view = res.body.view;
        run.sequence = res.body.sequence;
        if (res.body.status === "won") wins++;
        if (res.body.status !== "active") return;
      }
    }),
  );
  return { commands, wins };
}
