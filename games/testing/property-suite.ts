// Engine-agnostic property tests (fast-check) shared by the three engine
// test files. Test-only (testing/): never imported by production code.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge } from "@/games/bots";
import { getMechanic, replay } from "@/games/registry";
import type { TApplyResult, TCommand, TLevelDefinition } from "@/games/types";
import type { TMechanicId } from "@/games/manifests";

/** A planned step: a concrete command, or "ask the bot" (resolved against the live view). */
export type TPlanStep = TCommand | "bot";

export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as Record<string, unknown>)) deepFreeze(v);
  }
  return value;
}

/** Turns a plan into concrete commands by running it once; bot steps see only views and reveal steps. */
export function materialise(mechanicId: TMechanicId, level: TLevelDefinition, seed: string, plan: TPlanStep[]): TCommand[] {
  const mechanic = getMechanic(mechanicId);
  let state: unknown = mechanic.init(level, seed);
  let view = mechanic.view(state);
  let knowledge = emptyMemoryKnowledge();
  const out: TCommand[] = [];
  for (const step of plan) {
    const command = step === "bot" ? (suggestCommand(mechanicId, view, knowledge) ?? { action: "noop", payload: {} }) : step;
    out.push(command);
    const r = mechanic.apply(state, command);
    state = r.state;
    view = r.view;
    knowledge = updateMemoryKnowledge(knowledge, r.animation_steps);
  }
  return out;
}

/** Junk every engine must refuse without changing state. */
const junkCommandArb: fc.Arbitrary<TCommand> = fc.oneof(
  fc.record({ action: fc.constantFrom("jump", "", "SWAP", "__proto__"), payload: fc.constant({}) }),
  fc.record({
    action: fc.constant("big"),
    payload: fc.record({ blob: fc.string({ minLength: 600, maxLength: 700 }) }),
  }),
  fc.constant({ action: "noop", payload: {} }),
) as fc.Arbitrary<TCommand>;

type TSuiteOptions = {
  mechanicId: TMechanicId;
  levels: TLevelDefinition[];
  commandArb: fc.Arbitrary<TCommand>; // action-specific, valid and invalid payloads
  checkView: (state: any, view: Record<string, unknown>) => void;
  numRuns?: number;
  maxCommands?: number;
};

function runLive(mechanicId: TMechanicId, level: TLevelDefinition, seed: string, commands: TCommand[]) {
  const mechanic = getMechanic(mechanicId);
  const initial = deepFreeze(mechanic.init(level, seed));
  const states: unknown[] = [initial];
  const results: TApplyResult<unknown>[] = [];
  let state: unknown = initial;
  for (const c of commands) {
    const r = mechanic.apply(state, c);
    deepFreeze(r.state); // any later mutation of a stored state would throw
    results.push(r);
    states.push(r.state);
    state = r.state;
  }
  return { states, results, final: state };
}

export function engineProperties(opts: TSuiteOptions): void {
  const { mechanicId, levels } = opts;
  const mechanic = getMechanic(mechanicId);
  const numRuns = opts.numRuns ?? 40;
  const planArb = fc.array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant<TPlanStep>("bot") },
      { weight: 5, arbitrary: opts.commandArb as fc.Arbitrary<TPlanStep> },
      { weight: 1, arbitrary: junkCommandArb as fc.Arbitrary<TPlanStep> },
    ),
    { maxLength: opts.maxCommands ?? 40 },
  );
  const scenarioArb = fc
    .record({ level: fc.constantFrom(...levels), seed: fc.string({ maxLength: 12 }), plan: planArb })
    .map(({ level, seed, plan }) => ({ level, seed, commands: materialise(mechanicId, level, seed, plan) }));

  describe(`${mechanicId} properties`, () => {
    it("is deterministic: same level + seed + commands give deep-equal states and results", () => {
      fc.assert(
        fc.property(scenarioArb, ({ level, seed, commands }) => {
          const a = runLive(mechanicId, level, seed, commands);
          const b = runLive(mechanicId, level, seed, commands);
          expect(b.states).toStrictEqual(a.states);
          expect(b.results).toStrictEqual(a.results);
        }),
        { numRuns },
      );
    });

    it("replay equals live play", () => {
      fc.assert(
        fc.property(scenarioArb, ({ level, seed, commands }) => {
          const live = runLive(mechanicId, level, seed, commands);
          const rep = replay(mechanicId, level, seed, commands);
          expect(rep.state).toStrictEqual(live.final);
          expect(rep.results).toStrictEqual(live.results);
        }),
        { numRuns },
      );
    });

    it("refusals return the same, unchanged state; score never decreases; status is consistent", () => {
      fc.assert(
        fc.property(scenarioArb, ({ level, seed, commands }) => {
          const { states, results } = runLive(mechanicId, level, seed, commands);
          results.forEach((r, i) => {
            const before = states[i];
            const beforeScore = mechanic.score(before);
            if (!r.accepted) {
              expect(r.state).toBe(before);
              expect(typeof r.rejection_code).toBe("string");
              expect(r.rejection_code).toMatch(/^[a-z]+(_[a-z]+)*$/);
              expect(r.animation_steps).toEqual([]);
              expect(r.facts).toEqual([]);
            } else {
              expect(r.rejection_code).toBeUndefined();
            }
            expect(r.score).toBeGreaterThanOrEqual(beforeScore);
            expect(r.score).toBe(mechanic.score(r.state));
            expect(r.finished).toBe(mechanic.isFinished(r.state));
            expect(r.outcome !== undefined).toBe(r.finished);
            expect(r.view).toStrictEqual(mechanic.view(r.state));
            if (r.accepted && r.finished) {
              const name = r.outcome === "won" ? "game_won" : "game_lost";
              expect(r.facts.map((f) => f.name)).toContain(name);
            }
            if (mechanic.isFinished(before)) expect(r.rejection_code).toBe("run_finished");
          });
        }),
        { numRuns },
      );
    });

    it("views never leak hidden information", () => {
      fc.assert(
        fc.property(scenarioArb, ({ level, seed, commands }) => {
          const { states, results } = runLive(mechanicId, level, seed, commands);
          states.forEach((s) => opts.checkView(s, mechanic.view(s)));
          results.forEach((r) => opts.checkView(r.state, r.view));
        }),
        { numRuns },
      );
    });

    it("state survives a JSON round-trip and the engine continues identically", () => {
      fc.assert(
        fc.property(scenarioArb, fc.nat(), ({ level, seed, commands }, cut) => {
          const { states, results } = runLive(mechanicId, level, seed, commands);
          const k = commands.length === 0 ? 0 : cut % (commands.length + 1);
          const revived: unknown = JSON.parse(JSON.stringify(states[k]));
          expect(revived).toStrictEqual(states[k]);
          let state = revived;
          for (let i = k; i < commands.length; i++) {
            const r = mechanic.apply(state, commands[i] as TCommand);
            const original = results[i] as TApplyResult<unknown>;
            expect(r.state).toStrictEqual(original.state);
            expect(r.animation_steps).toStrictEqual(original.animation_steps);
            expect(r.facts).toStrictEqual(original.facts);
            state = r.state;
          }
        }),
        { numRuns },
      );
    });

    it("a finished run accepts nothing (run_finished)", () => {
      const level = levels[0] as TLevelDefinition;
      const finishedStates: unknown[] = [];
      for (let i = 0; finishedStates.length < 4 && i < 40; i++) {
        const commands = materialise(mechanicId, level, `fin-${i}`, Array.from({ length: 400 }, () => "bot"));
        const { final } = runLive(mechanicId, level, `fin-${i}`, commands);
        if (mechanic.isFinished(final)) finishedStates.push(final);
      }
      expect(finishedStates.length).toBeGreaterThan(0);
      fc.assert(
        fc.property(fc.constantFrom(...finishedStates), fc.oneof(opts.commandArb, junkCommandArb), (state, command) => {
          const r = mechanic.apply(state, command);
          expect(r.accepted).toBe(false);
          expect(r.rejection_code).toBe("run_finished");
          expect(r.state).toBe(state);
          expect(r.finished).toBe(true);
        }),
        { numRuns: 100 },
      );
    });
  });
}
