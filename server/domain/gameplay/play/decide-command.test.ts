import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors/app-error";
import { appCodeOf, appErrorOf } from "@/server/errors/testing";
import { mechanics, tracks } from "@/games/registry";
import type { TApplyResult, TMechanic } from "@/games/types";
import type { TCommandInput, TCommandResponse } from "./command-model";
import { decideCommand, decideRun, type TLockedRun } from "./decide-command";

const AT = new Date("2026-11-28T12:00:00.000Z");

function lockedRun(over: Partial<TLockedRun> = {}): TLockedRun {
  return {
    id: "00000000-0000-4000-8000-000000000001", project_id: "00000000-0000-4000-8000-0000000000aa", external_user_id: "player-1",
    mechanic: "stub_v1", game_version: 1, level_id: "lvl-2", level_version: 1, level_number: 2, track_version: 1, cycle_round: 1, is_replay: false,
    seed: "seed", state: { n: 0 }, status: "active", end_reason: null, sequence: 3, score: 0, start_id: null,
    started_at: new Date(AT.getTime() - 60_000), last_activity_at: new Date(AT.getTime() - 1_000), expires_at: new Date(AT.getTime() + 600_000), ended_at: null,
    client_ip_hash: null, client_addr_hash: null,
    pp_next_level_number: 2, pp_cycle_round: 1, pp_track_completed: false, pp_levels_completed: 1, lp_best_score: 5, lp_completions: 0,
    stored: null, game_mode: "rewards",
    ...over,
  };
}

const input = (over: Partial<TCommandInput> = {}): TCommandInput => ({ commandId: "c-4", sequence: 4, action: "step", payload: {}, ...over });

/** An engine that answers what it is told: the decider's own rules, apart from any game's. */
function stub(result: Partial<TApplyResult<unknown>>): TMechanic {
  return { apply: () => ({ accepted: true, state: { n: 1 }, view: { v: 1 }, animation_steps: [], facts: [], finished: false, score: 7, ...result }) } as unknown as TMechanic;
}

describe("decideRun", () => {
  it("plays the next move of an active run", () => {
    expect(decideRun({ run: lockedRun(), input: input(), at: AT })).toEqual({ kind: "play" });
  });

  it("answers a stored twin as stored, and refuses the same command_id with another body", () => {
    const response = { run_id: "r", sequence: 4 } as TCommandResponse;
    expect(decideRun({ run: lockedRun({ stored: { response, same: true } }), input: input(), at: AT })).toEqual({ kind: "answer", response });
    expect(appCodeOf(() => decideRun({ run: lockedRun({ stored: { response, same: false } }), input: input(), at: AT }))).toBe("idempotency_conflict");
  });

  it("looks once more for a twin before refusing a closed run or a sequence out of order, then refuses", () => {
    const closed = lockedRun({ status: "won" });
    expect(decideRun({ run: closed, input: input(), at: AT })).toEqual({ kind: "look_again" });
    expect(appCodeOf(() => decideRun({ run: closed, input: input(), at: AT, twin: null }))).toBe("run_not_active");
    expect(appErrorOf(() => decideRun({ run: closed, input: input(), at: AT, twin: null }))).toMatchObject({ message: "Run is won", details: { status: "won" } });
    expect(appErrorOf(() => decideRun({ run: lockedRun(), input: input({ sequence: 6 }), at: AT, twin: null }))).toMatchObject({ message: "Expected sequence 4", details: { expected_sequence: 4 } });
    expect(decideRun({ run: lockedRun(), input: input({ sequence: 6 }), at: AT })).toEqual({ kind: "look_again" });
    expect(appCodeOf(() => decideRun({ run: lockedRun(), input: input({ sequence: 6 }), at: AT, twin: null }))).toBe("sequence_conflict");
    const response = { run_id: "r", sequence: 4 } as TCommandResponse;
    expect(decideRun({ run: closed, input: input(), at: AT, twin: { response, same: true } })).toEqual({ kind: "answer", response });
  });

  it("expires a run whose time is up at `at` exactly, and not a millisecond before", () => {
    const run = lockedRun({ expires_at: AT });
    expect(decideRun({ run, input: input(), at: AT })).toEqual({ kind: "expire" });
    expect(decideRun({ run, input: input(), at: new Date(AT.getTime() - 1) })).toEqual({ kind: "play" });
  });

  it("property: plays exactly when the run is active, unexpired and the move is the next one", () => {
    fc.assert(
      fc.property(fc.constantFrom("active", "won", "lost", "abandoned"), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 1, max: 52 }), fc.integer({ min: -5_000, max: 5_000 }), (status, sequence, next, expiresIn) => {
        const run = lockedRun({ status: status as TLockedRun["status"], sequence, expires_at: new Date(AT.getTime() + expiresIn) });
        const verdict = (() => {
          try {
            return decideRun({ run, input: input({ sequence: next }), at: AT, twin: null }).kind;
          } catch (e) {
            return (e as AppError).appCode;
          }
        })();
        const playable = status === "active" && next === sequence + 1 && expiresIn > 0;
        expect(verdict === "play").toBe(playable);
        if (status === "active" && expiresIn <= 0) expect(verdict).toBe("expire");
      }),
    );
  });
});

describe("decideCommand", () => {
  const decide = (mechanic: TMechanic, over: Partial<TLockedRun> = {}) => {
    const run = lockedRun(over);
    return decideCommand({ run, before: run, gameMode: run.game_mode, input: input(), at: AT, mechanic, levelsTotal: 3, sessionId: "s-1" });
  };

  it("a refused move is a normal answer: no events, no progression, the run stays active", () => {
    const d = decide(stub({ accepted: false, rejection_code: "blocked", facts: [{ name: "game_won" }] }));
    expect(d.body).toMatchObject({ accepted: false, rejection_code: "blocked", status: "active", sequence: 4 });
    expect(d.events).toEqual([]);
    expect(d.progression).toBeNull();
    expect(d.claims).toBe(false);
    expect(d.body.rejection_code).toBe("blocked");
    expect(decide(stub({ accepted: false })).body.rejection_code).toBe("refused");
  });

  it("raises game.* events only for the facts that are events, with the run's mechanic and level", () => {
    const d = decide(stub({ facts: [{ name: "goal_completed", goal: "a" }, { name: "moved" }] }));
    expect(d.events).toEqual([
      { projectId: lockedRun().project_id, externalUserId: "player-1", type: "game.goal_completed", source: "system", runId: lockedRun().id, sessionId: "s-1", payload: { name: "goal_completed", goal: "a", mechanic: "stub_v1", level_number: 2 }, at: AT },
    ]);
    expect(d.finished).toBe(false);
    expect(d.body.progression).toBeUndefined();
  });

  it("a winning move finishes the run, plans its progression and may claim, except in free play", () => {
    const won = stub({ finished: true, outcome: "won", score: 40, facts: [{ name: "game_won" }] });
    const d = decide(won);
    expect(d).toMatchObject({ status: "won", finished: true, endReason: "completed", claims: true });
    expect(d.body.progression).toEqual({ level_number: 2, first_completion: true, is_replay: false, next_level_number: 3, levels_total: 3, track_complete: false, cycle_round: 1, best_score: 40, new_best: true });
    expect(d.progression?.progression).toBe(d.body.progression);
    expect(decide(won, { game_mode: "free_play" }).claims).toBe(false);
  });

  it("a lost run ends with the game's reason (or `failed`) and never claims", () => {
    expect(decide(stub({ finished: true, outcome: "lost", facts: [{ name: "moved", reason: "not_this" }, { name: "game_lost", reason: "out_of_fuel" }] }))).toMatchObject({ status: "lost", endReason: "out_of_fuel", claims: false });
    expect(decide(stub({ finished: true, outcome: "lost" }))).toMatchObject({ status: "lost", endReason: "failed" });
  });

  it("property, on a real engine: any sequence of moves decides consistently, move after move", () => {
    const mechanic = mechanics.parcel_pilot_v1;
    const level = tracks.parcel_pilot_v1.levels[0]!;
    const moves = fc.array(fc.record({ dir: fc.constantFrom("up", "down", "left", "right", "north", 3) }), { minLength: 1, maxLength: 40 });
    fc.assert(
      fc.property(moves, fc.string({ minLength: 1, maxLength: 8 }), (dirs, seed) => {
        let run = lockedRun({ mechanic: "parcel_pilot_v1", level_id: level.id, level_number: 1, sequence: 0, state: mechanic.init(level, seed), seed });
        for (const [i, { dir }] of dirs.entries()) {
          const cmd = input({ commandId: `c-${i}`, sequence: i + 1, action: "move", payload: { dir } });
          if (decideRun({ run, input: cmd, at: AT, twin: null }).kind !== "play") return;
          const d = decideCommand({ run, before: run, gameMode: run.game_mode, input: cmd, at: AT, mechanic, levelsTotal: tracks.parcel_pilot_v1.levels.length });
          expect(d.finished).toBe(d.status !== "active");
          expect(d.progression !== null).toBe(d.finished);
          expect(d.claims).toBe(d.status === "won");
          if (!d.body.accepted) expect(d.events).toEqual([]);
          expect(d.result.score).toBeGreaterThanOrEqual(run.score);
          run = { ...run, state: d.result.state, score: d.result.score, sequence: cmd.sequence, status: d.status };
        }
      }),
      { numRuns: 60 },
    );
  });
});
