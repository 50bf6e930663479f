import http, { type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { pool } from "@/server/db/client";
import { getMechanic } from "@/games/registry";
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge } from "@/games/bots";
import type { TMechanicId } from "@/games/manifests";
import type { TAdmin, TCall } from "./api";
import { newPlayer, playProject, sendCommand, startRun, type TPlayer } from "./play";

export type TReceived = { path: string; headers: IncomingMessage["headers"]; body: string; at: number };
/** A full answer: status, extra headers (a redirect's Location) and body. */
export type TAnswer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A local webhook receiver: records every request; `respond` decides the answer (a status, a full
 * answer, either of them later as a promise, or "hang" to never answer). Tests run with WEBHOOK_ALLOW_PRIVATE_TARGETS=true, so
 * deliveries to 127.0.0.1 are allowed there.
 */
export async function startReceiver(respond: (n: number, r: TReceived) => number | TAnswer | "hang" | Promise<number | TAnswer> = () => 200) {
  const received: TReceived[] = [];
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const r = { path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() };
      received.push(r);
      for (const w of waiters.splice(0)) w();
      const answer = respond(received.length, r);
      if (answer === "hang") return;
      void Promise.resolve(answer).then((answered) => {
        const a = typeof answered === "number" ? { status: answered } : answered;
        res.writeHead(a.status, { "content-type": "text/plain", ...a.headers });
        res.end(a.body ?? (a.status >= 300 && a.status < 400 ? "" : `answer ${a.status} ${"x".repeat(4000)}`));
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return {
    url,
    received,
    /** Resolves when at least `n` requests arrived (or rejects after `ms`). */
    async waitFor(n: number, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`receiver got ${received.length} of ${n} requests`);
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
  };
}

/** A rewards project with the pace rule off (test bots play faster than people), and its key. */
export async function rewardsProject(call: TCall, admin: TAdmin, opts: { mechanic?: TMechanicId; webhookUrl?: string; fraud?: Record<string, unknown> } = {}) {
  const { projectId, key } = await playProject(call, admin, opts.mechanic ?? "match3_v1");
  const patch = await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { game_mode: "rewards", ...(opts.webhookUrl ? { webhook_url: opts.webhookUrl } : {}) } });
  if (patch.status !== 200) throw new Error(`rewards mode ${patch.status} ${patch.text}`);
  const fraud = await call("PUT", `/v1/admin/projects/${projectId}/fraud-rules`, { token: admin.token, body: opts.fraud ?? { rules: { command_pace: { enabled: false } } } });
  if (fraud.status !== 200) throw new Error(`fraud rules ${fraud.status} ${fraud.text}`);
  return { projectId, key };
}

export async function createCampaign(call: TCall, admin: TAdmin, projectId: string, body: Record<string, unknown> = {}) {
  const res = await call("POST", `/v1/admin/projects/${projectId}/campaigns`, { token: admin.token, body: { name: "Win a coupon", trigger_type: "game_won", reward_type: "promo_code", reward_metadata: { discount_percent: 10 }, ...body } });
  if (res.status !== 200) throw new Error(`campaign ${res.status} ${res.text}`);
  return res.body as { campaign_id: string } & Record<string, unknown>;
}

type TRunState = { run_id: string; mechanic: string; sequence: number; view: Record<string, unknown> };

/**
 * Plays a run with the reference bot up to (not including) its winning move, and returns that
 * move: the engine, applied to the run's stored state, tells which suggestion would end the
 * level won. `paceMs` moves the one clock between commands (a person's pace).
 */
export async function playToBrink(call: TCall, player: TPlayer, run: TRunState, opts: { beforeEach?: () => void } = {}) {
  let view = run.view;
  let sequence = run.sequence;
  let memory = updateMemoryKnowledge(emptyMemoryKnowledge(), [], view);
  for (let i = 0; i < 400; i++) {
    const cmd = suggestCommand(run.mechanic as TMechanicId, view, memory);
    if (!cmd) throw new Error("the bot has no move");
    const { state } = (await pool().query<{ state: unknown }>("SELECT state FROM game_run WHERE id = $1", [run.run_id])).rows[0]!;
    const result = getMechanic(run.mechanic).apply(state, cmd);
    const body = { command_id: randomUUID(), sequence: sequence + 1, action: cmd.action, payload: cmd.payload };
    if (result.accepted && result.finished) {
      if (result.outcome !== "won") throw new BotLostError();
      return body;
    }
    opts.beforeEach?.();
    const res = await sendCommand(call, player, run.run_id, body);
    if (res.status !== 200) throw new Error(`command ${res.status} ${res.text}`);
    sequence = res.body.sequence;
    view = res.body.view;
    memory = updateMemoryKnowledge(memory, res.body.animation_steps, view);
  }
  throw new Error("no win within 400 moves");
}

/** The bot's next move would end the level lost: a board (a random seed) it cannot win. */
export class BotLostError extends Error {
  constructor() {
    super("the bot lost the level");
    this.name = "BotLostError";
  }
}

/**
 * Starts a run and plays it to the brink of a win. The server draws each run's seed, and now and
 * then the bot cannot win the board it gets (seen in CI): that run is replaced by a new one
 * (`replace_active`), up to five times.
 */
async function startToBrink(call: TCall, player: TPlayer, startBody: Record<string, unknown> = {}, opts: { beforeEach?: () => void; afterStart?: TAfterStart } = {}) {
  for (let attempt = 1; ; attempt++) {
    const run = (await startRun(call, player, attempt === 1 ? startBody : { ...startBody, replace_active: true })).body as TRunState;
    await opts.afterStart?.(run, player);
    try {
      return { run, winning: await playToBrink(call, player, run, opts) };
    } catch (e) {
      if (!(e instanceof BotLostError) || attempt >= 5) throw e;
    }
  }
}

/** What a test does to a run once it started, before its first move (each start, when the bot's board is replaced). */
type TAfterStart = (run: TRunState, player: TPlayer) => Promise<void>;

/** A new verified player with a run one move from winning: the player, the run and that move (not sent). */
export async function brinkOfWin(call: TCall, projectId: string, key: string, opts: { afterStart?: TAfterStart } = {}) {
  const player = await newPlayer(call, projectId, key);
  return { player, ...(await startToBrink(call, player, {}, opts)) };
}

/** A verified player who starts a run and plays it to a win; returns the winning command's answer. */
export async function winLevel(call: TCall, projectId: string, key: string, opts: { player?: TPlayer; startBody?: Record<string, unknown>; beforeEach?: () => void; requestId?: string } = {}) {
  const player = opts.player ?? (await newPlayer(call, projectId, key));
  const { run, winning } = await startToBrink(call, player, opts.startBody, opts);
  opts.beforeEach?.();
  const res = await sendCommand(call, player, run.run_id, winning, opts.requestId ? { "x-request-id": opts.requestId } : {});
  if (res.status !== 200) throw new Error(`winning command ${res.status} ${res.text}`);
  return { player, runId: run.run_id, response: res.body, winning };
}

export async function claimsOf(projectId: string) {
  return (await pool().query("SELECT * FROM reward_claim WHERE project_id = $1 ORDER BY created_at, id", [projectId])).rows;
}

export async function deliveriesOf(projectId: string) {
  return (await pool().query("SELECT * FROM webhook_delivery WHERE project_id = $1 ORDER BY created_at, id", [projectId])).rows;
}

export { playProject };
