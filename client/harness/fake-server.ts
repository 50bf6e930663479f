// In-browser stand-in for the player API, for developing and testing the
// shell without the real server. It runs the REAL engines from
// games/registry.ts, so views and animation steps are exactly what
// production sends; persistence, rewards and auth are simplified.
// It mirrors the contract the shell relies on: start_id and command_id
// idempotency, sequence checks (409 sequence_conflict), 409 run_not_active,
// resumable active runs, replays of completed levels and progression.
import { getMechanic, tracks } from "@/games/registry";
import { starsForScore } from "@/games/stars";
import type { TLevelDefinition } from "@/games/types";
import type { TMechanicId } from "@/games/manifests";

type Json = Record<string, unknown>;
export type FakeResponse = { status: number; body: Json } | "drop";

type Run = {
  id: string;
  mechanic: TMechanicId;
  level: TLevelDefinition;
  cycleRound: number;
  isReplay: boolean;
  state: unknown;
  status: "active" | "won" | "lost" | "abandoned";
  endReason: string | null;
  sequence: number;
  startedAt: string;
  responses: Map<string, Json>;
};

const err = (status: number, code: string, message: string, details?: Json): FakeResponse => ({
  status,
  body: { code, message, request_id: `harness-${Math.random().toString(16).slice(2, 10)}`, ...(details ? { details } : {}) },
});

export class FakeServer {
  private completed = 0; // highest level completed in the current round
  private round = 1;
  private best: Record<number, number> = {};
  private bestWin: Record<number, number> = {};
  private runs = new Map<string, Run>();
  private byStartId = new Map<string, Run>();
  private active: Run | null = null;
  private lastResult: Json | null = null;
  private counter = 0;
  /** Command responses to drop after applying them (simulates a lost answer; the client must retry). */
  dropResponses = 0;

  constructor(
    readonly mechanic: TMechanicId,
    private accent = "#6c5ce7",
  ) {}

  private get levels(): TLevelDefinition[] {
    return tracks[this.mechanic].levels;
  }

  private nextLevel(): TLevelDefinition {
    return this.levels[this.completed] ?? (this.levels[0] as TLevelDefinition);
  }

  private runView(run: Run, resumed?: boolean): Json {
    const now = new Date();
    return {
      run_id: run.id,
      game_id: run.mechanic,
      mechanic: run.mechanic,
      game_version: 1,
      level: { id: run.level.id, version: run.level.version, number: run.level.number, best_score: this.best[run.level.number] ?? 0, cycle_round: run.cycleRound },
      status: run.status,
      sequence: run.sequence,
      is_replay: run.isReplay,
      end_reason: run.endReason,
      expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
      resumable: run.status === "active",
      started_at: run.startedAt,
      server_time: now.toISOString(),
      view: getMechanic(run.mechanic).view(run.state),
      ...(resumed !== undefined ? { resumed } : {}),
    };
  }

  lobby(): Json {
    const mech = getMechanic(this.mechanic);
    const next = this.nextLevel();
    const a = this.active;
    return {
      schema: 1,
      config_revision: 1,
      entry_mode: "lobby",
      server_time: new Date().toISOString(),
      viewport: { width: 400, height: 700 },
      theme: { accent: this.accent },
      assets: { lobby_background: null },
      play: {
        mechanic: this.mechanic,
        title: mech.title,
        available: true,
        unavailable_reason: null,
        next_level: { number: next.number, id: next.id, cycle_round: this.round, preview: mech.preview(next) },
        levels_total: this.levels.length,
        level_stars: this.levels.map((l) => {
          const won = this.bestWin[l.number];
          return won === undefined ? 0 : l.stars ? starsForScore(won, l.stars) : 1;
        }),
        track_complete: this.round > 1 && this.completed === 0,
        active_run: a ? { run_id: a.id, level_number: a.level.number, sequence: a.sequence, started_at: a.startedAt, resumable: true } : null,
      },
      last_result: this.lastResult,
      wheel: { enabled: false },
    };
  }

  startRun(body: Json): FakeResponse {
    if (typeof body.start_id !== "string") return err(422, "validation_error", "start_id required");
    const again = this.byStartId.get(body.start_id);
    if (again) return { status: 200, body: this.runView(again, false) };
    if (typeof body.expected_mechanic === "string" && body.expected_mechanic !== this.mechanic) return err(409, "mechanic_mismatch", "Mechanic changed");
    if (this.active) {
      if (body.replace_active !== true) return { status: 200, body: this.runView(this.active, true) };
      this.active.status = "abandoned";
      this.active.endReason = "replaced";
      this.active = null;
    }
    let level = this.nextLevel();
    let isReplay = false;
    if (typeof body.level_number === "number") {
      const wanted = this.levels.find((l) => l.number === body.level_number);
      if (!wanted) return err(404, "not_found", "No such level");
      if (wanted.number !== level.number) {
        if (wanted.number > this.completed && this.round === 1) return err(409, "level_locked", "Level not completed yet");
        isReplay = true;
      }
      level = wanted;
    }
    const id = `00000000-0000-4000-8000-${String(++this.counter).padStart(12, "0")}`;
    const run: Run = {
      id,
      mechanic: this.mechanic,
      level,
      cycleRound: this.round,
      isReplay,
      // fixed seeds keep harness runs reproducible
      state: getMechanic(this.mechanic).init(level, `harness-${this.counter}`),
      status: "active",
      endReason: null,
      sequence: 0,
      startedAt: new Date().toISOString(),
      responses: new Map(),
    };
    this.runs.set(id, run);
    this.byStartId.set(body.start_id, run);
    this.active = run;
    return { status: 201, body: this.runView(run, false) };
  }

  getRun(id: string): FakeResponse {
    const run = this.runs.get(id);
    return run ? { status: 200, body: this.runView(run) } : err(404, "not_found", "No such run");
  }

  command(id: string, body: Json): FakeResponse {
    const run = this.runs.get(id);
    if (!run) return err(404, "not_found", "No such run");
    if (typeof body.command_id !== "string" || typeof body.sequence !== "number" || typeof body.action !== "string") return err(422, "validation_error", "bad command");
    const stored = run.responses.get(body.command_id);
    if (stored) return { status: 200, body: stored };
    if (run.status !== "active") return err(409, "run_not_active", `Run is ${run.status}`, { status: run.status });
    if (body.sequence !== run.sequence + 1) return err(409, "sequence_conflict", `Expected sequence ${run.sequence + 1}`, { expected_sequence: run.sequence + 1 });
    const mech = getMechanic(run.mechanic);
    const result = mech.apply(run.state, { action: body.action, payload: (body.payload ?? {}) as Json });
    run.state = result.state;
    run.sequence = body.sequence;
    const resp: Json = {
      run_id: run.id,
      sequence: run.sequence,
      accepted: result.accepted,
      ...(result.accepted ? {} : { rejection_code: result.rejection_code ?? "refused" }),
      status: "active",
      view: result.view,
      animation_steps: result.animation_steps,
      facts: result.facts,
    };
    if (result.finished) {
      run.status = result.outcome === "won" ? "won" : "lost";
      const lost = result.facts.find((f) => f.name === "game_lost");
      run.endReason = run.status === "won" ? "completed" : typeof lost?.reason === "string" ? lost.reason : "failed";
      resp.status = run.status;
      resp.progression = this.finish(run, result.score);
    }
    run.responses.set(body.command_id, resp);
    if (this.dropResponses > 0) {
      this.dropResponses--;
      return "drop";
    }
    return { status: 200, body: resp };
  }

  private finish(run: Run, score: number): Json {
    if (this.active === run) this.active = null;
    const n = run.level.number;
    const prevBest = this.best[n] ?? 0;
    const newBest = score > prevBest;
    if (newBest) this.best[n] = score;
    const won = run.status === "won";
    if (won) this.bestWin[n] = Math.max(this.bestWin[n] ?? 0, score);
    const first = won && !run.isReplay && n === this.completed + 1;
    if (first) this.completed = n;
    let trackComplete = false;
    if (first && this.completed >= this.levels.length) {
      trackComplete = true;
      this.completed = 0;
      this.round++;
    }
    this.lastResult = { run_id: run.id, mechanic: run.mechanic, status: run.status, level_number: n, reward: won ? { status: "pending" } : null };
    return {
      level_number: n,
      first_completion: first,
      is_replay: run.isReplay,
      next_level_number: this.nextLevel().number,
      levels_total: this.levels.length,
      track_complete: trackComplete,
      cycle_round: this.round,
      best_score: Math.max(prevBest, score),
      new_best: newBest,
    };
  }

  /** Test helper: marks levels as completed so a test can start deep in the track. */
  skipTo(levelNumber: number): void {
    this.completed = Math.max(0, Math.min(this.levels.length - 1, levelNumber - 1));
  }

  handle(method: string, path: string, body: Json): FakeResponse {
    if (method === "GET" && path === "/v1/lobby") return { status: 200, body: this.lobby() };
    if (method === "POST" && path === "/v1/game-runs") return this.startRun(body);
    const m = /^\/v1\/game-runs\/([^/]+)(\/commands)?$/.exec(path);
    if (m && method === "GET" && !m[2]) return this.getRun(decodeURIComponent(m[1] as string));
    if (m && method === "POST" && m[2]) return this.command(decodeURIComponent(m[1] as string), body);
    if (method === "POST" && path === "/v1/client-telemetry") return { status: 202, body: { ok: true } };
    return err(404, "not_found", `No route ${method} ${path}`);
  }
}
