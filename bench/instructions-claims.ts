import pg from "pg";
import { playToEnd, resentRequests, startRuns, type TPlayer } from "./instructions-runs";
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

async function matchPlayers(base: string, projectId: string, key: string, tag: string): Promise<TPlayer[]> {
  const origin = base.replace("127.0.0.1", "localhost");
  const players: TPlayer[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const ip = `10.9.${i >> 8}.${i & 255}`;
    const s = await json(base, "POST", "/v1/server/session-token", { project_id: projectId, external_user_id: `${tag}-${i}`, ttl_seconds: 3600 }, { authorization: `Bearer ${key}`, "x-forwarded-for": ip });
    if (s.status !== 200) throw new Error(`session token: ${s.status} ${JSON.stringify(s.body)}`);
    players.push({ auth: { authorization: `Bearer ${s.body.session_token}`, origin, "x-forwarded-for": ip } });
  }
  return players;
}

/** `runs` match3 runs, IN_FLIGHT at a time, each played to its end by the bot; counting (when given) is on while their commands run, not their starts. */
async function playRuns(base: string, players: TPlayer[], runs: number, turn: { next: number }, counting?: (on: boolean) => void): Promise<{ commands: number; wins: number }> {
  let commands = 0;
  let wins = 0;
  for (let done = 0; done < runs; done += IN_FLIGHT) {
    const started = await startRuns(base, players, Math.min(IN_FLIGHT, runs - done), turn);
    counting?.(true);
    const played = await playToEnd(base, "match3_v1", started);
    counting?.(false);
    commands += played.commands;
    wins += played.wins;
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
 * WARM_RUNS runs of its own project, then the counts zeroed and COUNTED_RUNS counted.
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
  if (resentRequests() > 0) console.error(`${resentRequests()} requests sent again after a 503 (most likely the limiter's Redis timeout under emulation)`);
  return { free: out.free!, rewards: out.rewards! };
}
