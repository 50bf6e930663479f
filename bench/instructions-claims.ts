import { randomUUID } from "node:crypto";
import pg from "pg";
import { suggestCommand } from "@/games/bots";
import { json } from "./lib";
import { setupRewardsProject } from "./rewards";

/**
 * INSTR_CLAIMS=1 in `npm run bench:instructions`: what a claim adds to its winning command, in
 * instructions of the web process's main thread. A command cannot be known to win before it is
 * answered, so whole match3 runs are counted twice, in the same process: once in a free-play
 * project (wins, no claims) and once in a rewards project whose campaign claims every first win
 * (the timed rewards scenario's project: bench/rewards.ts). Fresh players of the same number, the
 * same rounds: the bot's level mix is the same in both. What a claim costs is the difference per
 * command, spread over the rewards phase's commands per claim; the rewards phase's own dump
 * ("claims") is the listing of a claim's path (bench/instructions-annotate.ts).
 */

const PLAYERS = 64; // run starts are limited to 10 a minute per player: at most 2 each here
const IN_FLIGHT = 8;
const WARM_RUNS = Number(process.env.INSTR_WARM_RUNS ?? 32);
const COUNTED_RUNS = Number(process.env.INSTR_CLAIM_RUNS ?? 64);

type TPhaseCount = { commands: number; wins: number; claims: number };
type TPlayer = { headers: Record<string, string> };

/**
 * A request sent again, as its client would, when the web process answered 503. The first run of
 * the match3 phases failed on one: the limiter fails closed when Redis does not answer, most likely
 * because under callgrind's emulation a pause of the main thread outlasted the Redis client's 2 s
 * command timeout (inferred, the process's log is not kept). Commands and starts carry their own
 * ids, so a second send is the same request. Counted for the report.
 */
let resent = 0;
async function sendAgainOn503(send: () => ReturnType<typeof json>): ReturnType<typeof json> {
  for (let attempt = 0; ; attempt++) {
    const res = await send();
    if (res.status !== 503 || attempt === 3) return res;
    resent++;
  }
}

async function matchPlayers(base: string, projectId: string, key: string, tag: string): Promise<TPlayer[]> {
  const origin = base.replace("127.0.0.1", "localhost");
  const players: TPlayer[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const ip = `10.9.${i >> 8}.${i & 255}`;
    const s = await json(base, "POST", "/v1/server/session-token", { project_id: projectId, external_user_id: `${tag}-${i}`, ttl_seconds: 3600 }, { authorization: `Bearer ${key}`, "x-forwarded-for": ip });
    if (s.status !== 200) throw new Error(`session token: ${s.status} ${JSON.stringify(s.body)}`);
    players.push({ headers: { authorization: `Bearer ${s.body.session_token}`, origin, "x-forwarded-for": ip } });
  }
  return players;
}

/** `runs` match3 runs, IN_FLIGHT at a time, each played to its end by the bot; counting (when given) is on while their commands run, not their starts. */
async function playRuns(base: string, players: TPlayer[], runs: number, turn: { next: number }, counting?: (on: boolean) => void): Promise<{ commands: number; wins: number }> {
  let commands = 0;
  let wins = 0;
  for (let done = 0; done < runs; done += IN_FLIGHT) {
    const started = await Promise.all(
      Array.from({ length: Math.min(IN_FLIGHT, runs - done) }, async () => {
        const { headers } = players[turn.next++ % players.length]!;
        const body = { start_id: randomUUID(), intent: "next", replace_active: true };
        const start = await sendAgainOn503(() => json(base, "POST", "/v1/game-runs", body, headers));
        if (start.status !== 200) throw new Error(`start: ${start.status} ${JSON.stringify(start.body)}`);
        return { runId: start.body.run_id as string, view: start.body.view, sequence: start.body.sequence as number, headers };
      }),
    );
    counting?.(true);
    await Promise.all(
      started.map(async (run) => {
        for (;;) {
          const cmd = suggestCommand("match3_v1", run.view as never);
          if (!cmd) return;
          commands++;
          const body = { command_id: randomUUID(), sequence: run.sequence + 1, ...cmd };
          const res = await sendAgainOn503(() => json(base, "POST", `/v1/game-runs/${run.runId}/commands`, body, run.headers));
          if (res.status !== 200) throw new Error(`command: ${res.status} ${JSON.stringify(res.body)}`);
          run.view = res.body.view;
          run.sequence = res.body.sequence;
          if (res.body.status === "won") wins++;
          if (res.body.status !== "active") return;
        }
      }),
    );
    counting?.(false);
  }
  return { commands, wins };
}

async function claimsOf(databaseUrl: string, projectId: string): Promise<number> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const r = await db.query<{ n: string }>("SELECT count(*) AS n FROM reward_claim WHERE project_id = $1", [projectId]);
    return Number(r.rows[0]!.n);
  } finally {
    await db.end();
  }
}

/**
 * The free-play phase (dump `match3`), then the rewards phase (dump `claims`): each warmed with
 * WARM_RUNS runs of its own project, then COUNTED_RUNS counted. `dump(reason)` zeroes nothing: the
 * caller's control zeroes before each counted phase.
 */
export async function countClaims(base: string, databaseUrl: string, ctl: { zero: () => void; counting: (on: boolean) => void; dump: (reason: string) => void }): Promise<{ free: TPhaseCount; rewards: TPhaseCount }> {
  const out: Partial<Record<"free" | "rewards", TPhaseCount>> = {};
  for (const phase of [{ rewards: false, name: "free" as const, reason: "match3" }, { rewards: true, name: "rewards" as const, reason: "claims" }]) {
    // nobody delivers here (no worker): the outbox rows stay, as a claim's transaction wrote them
    const project = await setupRewardsProject(base, { rewards: phase.rewards, receiverUrl: "http://127.0.0.1:9/hooks" });
    const players = await matchPlayers(base, project.projectId, project.key, `instr-${phase.name}`);
    const turn = { next: 0 };
    await playRuns(base, players, WARM_RUNS, turn);
    const before = await claimsOf(databaseUrl, project.projectId);
    ctl.zero();
    const played = await playRuns(base, players, COUNTED_RUNS, turn, ctl.counting);
    ctl.dump(phase.reason);
    const claims = (await claimsOf(databaseUrl, project.projectId)) - before;
    if (phase.rewards && claims !== played.wins) throw new Error(`rewards phase: ${played.wins} wins but ${claims} claims`);
    if (!phase.rewards && claims !== 0) throw new Error(`free-play phase: ${claims} claims`);
    out[phase.name] = { ...played, claims };
  }
  if (resent > 0) console.error(`match3 phases: ${resent} requests sent again after a 503 (the limiter's Redis timeout under emulation)`);
  return { free: out.free!, rewards: out.rewards! };
}
