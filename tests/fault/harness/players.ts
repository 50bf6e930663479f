import { randomUUID } from "node:crypto";
import { suggestCommand } from "@/games/bots";
import type { TCall, TPlayer, TRes } from "./api";

/**
 * What the service acknowledged (a 2xx), per kind, and every answer with its timing: after a
 * fault the tests compare the acknowledged writes with the rows, and classify answers by when
 * they were sent relative to the outage.
 */
export type TAnswer = { route: "start" | "command" | "spend" | "spin" | "lobby"; status: number; code: string | null; sentAt: number; answeredAt: number; servedBy: number | null };

export class AckLog {
  readonly commands: Array<{ runId: string; commandId: string; sequence: number; status: string; externalUserId: string }> = [];
  readonly wins: Array<{ runId: string; externalUserId: string }> = [];
  readonly spends: Array<{ key: string; externalUserId: string; effectToken: string }> = [];
  readonly spins: Array<{ spinId: string; externalUserId: string; ticketsSpent: number }> = [];
  readonly answers: TAnswer[] = [];

  note(route: TAnswer["route"], res: TRes): void {
    const code = res.status === 200 ? null : typeof res.body?.code === "string" ? res.body.code : null;
    this.answers.push({ route, status: res.status, code, sentAt: res.sentAt, answeredAt: res.answeredAt, servedBy: res.servedBy });
  }

  /** Answers of `route` sent within [from, to). */
  sentBetween(from: number, to: number, route?: TAnswer["route"]): TAnswer[] {
    return this.answers.filter((a) => a.sentAt >= from && a.sentAt < to && (!route || a.route === route));
  }
}

/** An answer a client retries unchanged (same ids): no answer, a gateway error, 5xx or 429. */
export const retryable = (status: number) => status === 0 || status === 429 || status >= 500;

type TCommandBody = { command_id: string; sequence: number; action: string; payload: Record<string, unknown> };

/**
 * A verified player playing match3 as the real client does: one command at a time, the next
 * chosen by the reference bot from the view the server answered. A command or start that got no
 * answer (or a retryable one) is sent again unchanged — same `command_id` and `sequence`, same
 * `start_id` — which the service must answer idempotently.
 */
export class Match3Player {
  private run: { runId: string; sequence: number; view: Record<string, unknown> } | null = null;
  private startId = randomUUID();
  private pending: TCommandBody | null = null;
  /** Answers no client should ever get here (a 4xx other than 429): the tests assert there are none. */
  readonly unexpected: string[] = [];

  constructor(
    private readonly call: TCall,
    readonly player: TPlayer,
    private readonly log: AckLog,
  ) {}

  private auth(pin?: number) {
    return { token: this.player.token, ip: this.player.ip, pin };
  }

  /** One request: a run start or a command. Answers the run's status after it, or null when the request failed. */
  async step(pin?: number): Promise<{ status: string; runId: string; winning?: TCommandBody } | null> {
    if (!this.run) {
      const res = await this.call("POST", "/v1/game-runs", { ...this.auth(pin), body: { start_id: this.startId, intent: "next", replace_active: true } });
      this.log.note("start", res);
      if (res.status !== 200) return this.failed("start", res);
      this.run = { runId: res.body.run_id, sequence: res.body.sequence, view: res.body.view };
      this.startId = randomUUID();
      return { status: "active", runId: this.run.runId };
    }
    const run = this.run;
    if (!this.pending) {
      const cmd = suggestCommand("match3_v1", run.view);
      if (!cmd) throw new Error(`the bot has no move in run ${run.runId}`);
      this.pending = { command_id: randomUUID(), sequence: run.sequence + 1, action: cmd.action, payload: cmd.payload as Record<string, unknown> };
    }
    const body = this.pending;
    const res = await this.call("POST", `/v1/game-runs/${run.runId}/commands`, { ...this.auth(pin), body });
    this.log.note("command", res);
    if (res.status !== 200) return this.failed("command", res);
    this.pending = null;
    this.log.commands.push({ runId: run.runId, commandId: body.command_id, sequence: body.sequence, status: res.body.status, externalUserId: this.player.externalUserId });
    run.sequence = res.body.sequence;
    run.view = res.body.view;
    if (res.body.status === "active") return { status: "active", runId: run.runId };
    this.run = null;
    if (res.body.status === "won") this.log.wins.push({ runId: run.runId, externalUserId: this.player.externalUserId });
    return { status: res.body.status, runId: run.runId, winning: body };
  }

  private failed(what: string, res: TRes): null {
    if (!retryable(res.status)) this.unexpected.push(`${what} ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return null;
  }

  /** Plays until a run is won (starting over after a loss); answers the winning command and its run. */
  async playToWin(maxRequests = 600): Promise<{ runId: string; winning: TCommandBody }> {
    for (let i = 0; i < maxRequests; i++) {
      const r = await this.step();
      if (r?.status === "won") return { runId: r.runId, winning: r.winning! };
      if (this.unexpected.length) throw new Error(`${this.player.externalUserId}: ${this.unexpected.join("; ")}`);
    }
    throw new Error(`${this.player.externalUserId}: no win within ${maxRequests} requests`);
  }

  /** Buys a booster under `key`; a 2xx is logged as acknowledged. */
  async spend(boosterId: string, key: string, pin?: number): Promise<TRes> {
    const res = await this.call("POST", "/v1/economy/spend", { ...this.auth(pin), body: { booster_id: boosterId, idempotency_key: key } });
    this.log.note("spend", res);
    if (res.status === 200) this.log.spends.push({ key, externalUserId: this.player.externalUserId, effectToken: res.body.effect_token });
    return res;
  }

  /** Spins the daily wheel under `spinId`; a 2xx is logged as acknowledged. */
  async spin(spinId: string, wheelVersion: number, pin?: number): Promise<TRes> {
    const res = await this.call("POST", "/v1/wheel/spins", { ...this.auth(pin), body: { spin_id: spinId, wheel_id: "daily", wheel_version: wheelVersion, source: "lobby" } });
    this.log.note("spin", res);
    if (res.status === 200) this.log.spins.push({ spinId, externalUserId: this.player.externalUserId, ticketsSpent: res.body.tickets_spent });
    return res;
  }

  /** Reads the lobby (a read on the shared read lane); answers the response. */
  async lobby(pin?: number): Promise<TRes> {
    const res = await this.call("GET", "/v1/lobby", this.auth(pin));
    this.log.note("lobby", res);
    if (res.status !== 200 && !retryable(res.status)) this.unexpected.push(`lobby ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
    return res;
  }

  /** Replays an earlier command unchanged (a client retry) to the given instance. */
  replay(runId: string, body: TCommandBody, pin?: number): Promise<TRes> {
    return this.call("POST", `/v1/game-runs/${runId}/commands`, { ...this.auth(pin), body });
  }
}
