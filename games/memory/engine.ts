// memory_v1: find the pairs among face-down cards. The layout is fixed at
// init from the seed; the view only ever shows faces of matched cards and
// the one card currently turned up.
import { accept, findConstraint, isInt, isPlainObject, plural, precheck, refuse, withStatus } from "@/games/common";
import { createCursor, seedFrom } from "@/games/rng";
import { awardWin, initialStarState, starView, type TStarState } from "@/games/stars";
import type { TAnimationStep, TApplyResult, TCommand, TFact, TLevelDefinition, TMechanic, TOutcome } from "@/games/types";

export type TMemoryParams = { pairs: number; columns: number; faces?: string[] };

export type TMemoryState = {
  mechanic: "memory_v1";
  game_version: number;
  level_id: string;
  level_version: number;
  columns: number;
  faces: string[]; // per card, hidden from the player until turned up
  open: boolean[]; // matched cards stay face up
  revealed: number | null; // first card of the current turn
  pairs_total: number;
  pairs_target: number;
  pairs_found: number;
  flips: number;
  mistakes: number;
  streak: number;
  mistakes_limit: number | null; // at most this many mistakes; one more loses
  flips_limit: number | null; // flip budget; running out before the goal loses
  score: number;
  finished: boolean;
  outcome: TOutcome | null;
} & Omit<TStarState, "score">;

const MEMORY_FACES = [
  "apple", "anchor", "bell", "bolt", "cactus", "cherry", "cloud", "crown",
  "diamond", "drum", "feather", "fish", "flower", "gift", "heart", "key",
  "kite", "leaf", "moon", "mushroom", "planet", "rocket", "shell", "star",
] as const;

const MEMORY_PAIR_POINTS = 100;
const MEMORY_STREAK_BONUS = 50;
/** Points per mistake and per flip left at a win (levels with star thresholds). */
const MEMORY_POINTS_PER_MISTAKE_LEFT = 50;
const MEMORY_POINTS_PER_FLIP_LEFT = 10;
const ACTIONS = ["flip", "booster"] as const;
/** Boosters (bought with the economy, played with a single-use effect token the server checks). */
const MEMORY_BOOSTERS = ["peek"] as const;
// Room for a booster command: its effect and single-use token (about 120 bytes).
const MAX_PAYLOAD_BYTES = 256;

function validateLevel(level: TLevelDefinition<TMemoryParams>): { faces: string[]; target: number } {
  const p = level.params;
  if (!isPlainObject(p) || !isInt(p.pairs) || p.pairs < 2 || !isInt(p.columns) || p.columns < 2) {
    throw new Error(`memory level ${level.id}: bad params`);
  }
  const pool = p.faces ?? [...MEMORY_FACES];
  if (new Set(pool).size !== pool.length || pool.length < p.pairs) {
    throw new Error(`memory level ${level.id}: not enough distinct faces`);
  }
  const goal = level.goals.find((g) => g.type === "pairs");
  if (!goal || level.goals.length !== 1) throw new Error(`memory level ${level.id}: needs exactly one pairs goal`);
  if (goal.target < 1 || goal.target > p.pairs) throw new Error(`memory level ${level.id}: bad pairs target`);
  return { faces: pool.slice(0, p.pairs), target: goal.target };
}

function init(level: TLevelDefinition<TMemoryParams>, seed: string): TMemoryState {
  const { faces, target } = validateLevel(level);
  const cursor = createCursor(seedFrom(`memory_v1|${level.id}|${level.version}|${seed}`));
  const deck = cursor.shuffle(faces.flatMap((f) => [f, f]));
  return {
    mechanic: "memory_v1",
    game_version: 1,
    level_id: level.id,
    level_version: level.version,
    columns: level.params.columns,
    faces: deck,
    open: deck.map(() => false),
    revealed: null,
    pairs_total: faces.length,
    pairs_target: target,
    pairs_found: 0,
    flips: 0,
    mistakes: 0,
    streak: 0,
    mistakes_limit: findConstraint(level.constraints, "mistakes"),
    flips_limit: findConstraint(level.constraints, "flips"),
    score: 0,
    finished: false,
    outcome: null,
    ...initialStarState(level),
  };
}

function view(state: TMemoryState): Record<string, unknown> {
  const cards = state.faces.map((face, index) => {
    if (state.open[index]) return { index, state: "open", face };
    if (state.revealed === index) return { index, state: "revealed", face };
    return { index, state: "hidden" };
  });
  return withStatus(
    {
      columns: state.columns,
      rows: Math.ceil(state.faces.length / state.columns),
      cards,
      pairs_total: state.pairs_total,
      pairs_found: state.pairs_found,
      flips: state.flips,
      flips_left: state.flips_limit === null ? null : Math.max(0, state.flips_limit - state.flips),
      mistakes: state.mistakes,
      mistakes_left: state.mistakes_limit === null ? null : Math.max(0, state.mistakes_limit - state.mistakes),
      score: state.score,
      goals: [{ type: "pairs", target: state.pairs_target, progress: state.pairs_found }],
      ...starView(state),
    },
    state,
  );
}

/**
 * `peek` shows every card still face down for a moment (the faces travel in this command's
 * animation steps only, never in the view): a paid look, no flip used.
 */
function applyBooster(state: TMemoryState, payload: Record<string, unknown>): TApplyResult<TMemoryState> {
  if (payload.effect !== "peek") return refuse(state, "unknown_booster", view(state));
  const cards = state.faces.flatMap((face, index) => (state.open[index] || state.revealed === index ? [] : [{ index, face }]));
  return accept({ ...state }, view(state), [{ type: "booster", effect: "peek" }, { type: "peek", cards }], [{ name: "booster_used", effect: "peek" }]);
}

function apply(state: TMemoryState, command: TCommand): TApplyResult<TMemoryState> {
  const pre = precheck(state, command, ACTIONS, MAX_PAYLOAD_BYTES);
  if (pre) return refuse(state, pre, view(state));
  if (command.action === "booster") return applyBooster(state, command.payload);
  const index = command.payload.index;
  if (!isInt(index)) return refuse(state, "invalid_payload", view(state));
  if (index < 0 || index >= state.faces.length) return refuse(state, "out_of_bounds", view(state));
  if (state.open[index] || state.revealed === index) return refuse(state, "already_open", view(state));

  const face = state.faces[index] as string;
  const steps: TAnimationStep[] = [{ type: "reveal", index, face }];
  const facts: TFact[] = [];
  const next: TMemoryState = { ...state, flips: state.flips + 1 };

  if (state.revealed === null) {
    next.revealed = index;
  } else {
    const first = state.revealed;
    next.revealed = null;
    if (state.faces[first] === face) {
      next.open = state.open.slice();
      next.open[first] = true;
      next.open[index] = true;
      next.pairs_found = state.pairs_found + 1;
      next.streak = state.streak + 1;
      // consecutive pairs are worth more, rewarding a good memory over luck
      const points = MEMORY_PAIR_POINTS + MEMORY_STREAK_BONUS * (next.streak - 1);
      next.score = state.score + points;
      steps.push({ type: "match", indices: [first, index], face, points });
      facts.push({ name: "pair_found", face, points, streak: next.streak });
    } else {
      next.mistakes = state.mistakes + 1;
      next.streak = 0;
      // the second face was shown by the reveal step above; now both turn back
      steps.push({ type: "hide", indices: [first, index] });
      facts.push({ name: "mismatch", mistakes: next.mistakes });
    }
  }

  if (next.pairs_found >= next.pairs_target) {
    next.finished = true;
    next.outcome = "won";
    const wonScore = next.score;
    // one bonus unit is worth MEMORY_POINTS_PER_FLIP_LEFT: a mistake left counts as its share
    const left =
      (next.mistakes_limit === null ? 0 : (next.mistakes_limit - next.mistakes) * (MEMORY_POINTS_PER_MISTAKE_LEFT / MEMORY_POINTS_PER_FLIP_LEFT)) +
      (next.flips_limit === null ? 0 : next.flips_limit - next.flips);
    const award = awardWin(next, left, MEMORY_POINTS_PER_FLIP_LEFT);
    if (award.bonus !== undefined) steps.push({ type: "bonus", points: award.bonus, score: next.score, stars: award.stars });
    facts.push({ name: "game_won", score: wonScore, flips: next.flips, mistakes: next.mistakes, ...award });
  } else if (next.mistakes_limit !== null && next.mistakes > next.mistakes_limit) {
    next.finished = true;
    next.outcome = "lost";
    facts.push({ name: "game_lost", reason: "too_many_mistakes", score: next.score, pairs_found: next.pairs_found });
  } else if (next.flips_limit !== null && next.flips >= next.flips_limit) {
    next.finished = true;
    next.outcome = "lost";
    facts.push({ name: "game_lost", reason: "out_of_flips", score: next.score, pairs_found: next.pairs_found });
  }
  if (next.finished && next.revealed !== null) {
    steps.push({ type: "hide", indices: [next.revealed] });
    next.revealed = null;
  }
  return accept(next, view(next), steps, facts);
}

export const memoryMechanic: TMechanic<TMemoryState, TMemoryParams> = {
  id: "memory_v1",
  title: "Memory Pairs",
  gameVersion: 1,
  actions: ACTIONS,
  boosters: MEMORY_BOOSTERS,
  maxPayloadBytes: MAX_PAYLOAD_BYTES,
  init,
  apply,
  view,
  score: (s) => s.score,
  isFinished: (s) => s.finished,
  describeGoals: (level) => {
    const { target } = validateLevel(level);
    return [target === level.params.pairs ? `Match all ${target} pairs` : `Match ${plural(target, "pair", "pairs")}`];
  },
  describeConstraints: (level) => {
    const out: string[] = [];
    const mistakes = findConstraint(level.constraints, "mistakes");
    const flips = findConstraint(level.constraints, "flips");
    if (mistakes !== null) out.push(`At most ${plural(mistakes, "mistake", "mistakes")}`);
    if (flips !== null) out.push(plural(flips, "flip", "flips"));
    return out;
  },
  preview: (level) => ({
    cards: level.params.pairs * 2,
    columns: level.params.columns,
    mistakes: findConstraint(level.constraints, "mistakes"),
    flips: findConstraint(level.constraints, "flips"),
    goals: level.goals.map((g) => ({ type: g.type, target: g.target })),
  }),
};
