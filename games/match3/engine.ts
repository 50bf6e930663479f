// match3_v1: swap adjacent tiles to make lines of 3+. Server-authoritative:
// the refill stream (rng) lives in the state and never reaches the view.
import { accept, findConstraint, isPlainObject, parseCell, plural, precheck, refuse, withStatus } from "@/games/common";
import { createCursor, seedFrom, type TRngState } from "@/games/rng";
import type { TAnimationStep, TApplyResult, TCell, TCommand, TFact, TLevelDefinition, TMechanic, TOutcome } from "@/games/types";
import {
  BLOCKER,
  type TGrid,
  adjacentBlockers,
  applyGravity,
  cellAt,
  cloneGrid,
  findMatches,
  hasAnyMatch,
  hasValidSwap,
  inBounds,
  isAdjacent,
  isTile,
} from "./board";
import { generateFill, reshuffle } from "./fill";
import { awardWin, initialStarState, starView, type TStarState } from "@/games/stars";

export type TMatch3Params = { rows: number; cols: number; colours: string[]; blockers?: TCell[] };
type TMatch3Goal =
  | { type: "score"; target: number }
  | { type: "collect"; target: number; colour: string }
  | { type: "clear_blockers"; target: number };

export type TMatch3State = {
  mechanic: "match3_v1";
  game_version: number;
  level_id: string;
  level_version: number;
  rows: number;
  cols: number;
  colours: string[];
  grid: string[][]; // colour id or "blocker"; never null at rest
  rng: TRngState; // refill stream: hidden from the player
  goals: TMatch3Goal[];
  moves_limit: number;
  moves_used: number;
  score: number;
  collected: Record<string, number>;
  blockers_cleared: number;
  shuffles: number;
  finished: boolean;
  outcome: TOutcome | null;
} & Omit<TStarState, "score">;

const MATCH3_POINTS_PER_TILE = 10;
const MATCH3_POINTS_PER_BLOCKER = 20;
/** Points per move left at a win (levels with star thresholds). */
const MATCH3_POINTS_PER_MOVE_LEFT = 100;
// Defensive bound: a seeded stream could in theory keep producing lines.
const MAX_CASCADES = 40;
const ACTIONS = ["swap", "booster"] as const;
/** Boosters (bought with the economy, played with a single-use effect token the server checks). */
const MATCH3_BOOSTERS = ["shuffle", "hammer"] as const;
const MAX_PAYLOAD_BYTES = 512;

function goalProgress(state: TMatch3State, goal: TMatch3Goal): number {
  if (goal.type === "score") return state.score;
  if (goal.type === "collect") return state.collected[goal.colour] ?? 0;
  return state.blockers_cleared;
}

function goalsMet(state: TMatch3State): boolean {
  return state.goals.every((g) => goalProgress(state, g) >= g.target);
}

function validateLevel(level: TLevelDefinition<TMatch3Params>): TMatch3Goal[] {
  const p = level.params;
  if (!isPlainObject(p)) throw new Error(`match3 level ${level.id}: params missing`);
  if (p.rows < 4 || p.rows > 12 || p.cols < 4 || p.cols > 12) throw new Error(`match3 level ${level.id}: bad size`);
  if (p.colours.length < 3 || p.colours.length > 8 || p.colours.includes(BLOCKER)) {
    throw new Error(`match3 level ${level.id}: bad colours`);
  }
  const goals: TMatch3Goal[] = [];
  for (const g of level.goals) {
    if (g.type === "score") goals.push({ type: "score", target: g.target });
    else if (g.type === "collect" && typeof g.colour === "string" && p.colours.includes(g.colour)) {
      goals.push({ type: "collect", target: g.target, colour: g.colour });
    } else if (g.type === "clear_blockers" && g.target <= (p.blockers?.length ?? 0)) {
      goals.push({ type: "clear_blockers", target: g.target });
    } else throw new Error(`match3 level ${level.id}: unsupported goal ${g.type}`);
  }
  if (goals.length === 0) throw new Error(`match3 level ${level.id}: no goals`);
  if (findConstraint(level.constraints, "moves") === null) throw new Error(`match3 level ${level.id}: no move limit`);
  return goals;
}

function init(level: TLevelDefinition<TMatch3Params>, seed: string): TMatch3State {
  const goals = validateLevel(level);
  const p = level.params;
  const template: TGrid = Array.from({ length: p.rows }, () => Array.from({ length: p.cols }, () => null));
  for (const b of p.blockers ?? []) {
    const row = template[b.row];
    if (row && b.col >= 0 && b.col < p.cols) row[b.col] = BLOCKER;
  }
  // Level identity is mixed into the seed so one run seed yields different boards per level.
  const cursor = createCursor(seedFrom(`match3_v1|${level.id}|${level.version}|${seed}`));
  const grid = generateFill(template, p.colours, cursor);
  return {
    mechanic: "match3_v1",
    game_version: 1,
    level_id: level.id,
    level_version: level.version,
    rows: p.rows,
    cols: p.cols,
    colours: p.colours.slice(),
    grid,
    rng: cursor.snapshot(),
    goals,
    moves_limit: findConstraint(level.constraints, "moves") ?? 0,
    moves_used: 0,
    score: 0,
    collected: Object.fromEntries(p.colours.map((c) => [c, 0])),
    blockers_cleared: 0,
    shuffles: 0,
    finished: false,
    outcome: null,
    ...initialStarState(level),
  };
}

function view(state: TMatch3State): Record<string, unknown> {
  return withStatus(
    {
      rows: state.rows,
      cols: state.cols,
      colours: state.colours.slice(),
      grid: cloneGrid(state.grid),
      moves_left: Math.max(0, state.moves_limit - state.moves_used),
      moves_limit: state.moves_limit,
      score: state.score,
      goals: state.goals.map((g) => ({ ...g, progress: goalProgress(state, g) })),
      ...starView(state),
    },
    state,
  );
}

function parseSwap(payload: Record<string, unknown>): { from: TCell; to: TCell } | null {
  const from = parseCell(payload.from);
  const to = parseCell(payload.to);
  return from && to ? { from, to } : null;
}

function apply(state: TMatch3State, command: TCommand): TApplyResult<TMatch3State> {
  const pre = precheck(state, command, ACTIONS, MAX_PAYLOAD_BYTES);
  if (pre) return refuse(state, pre, view(state));
  if (command.action === "booster") return applyBooster(state, command.payload);
  const swap = parseSwap(command.payload);
  if (!swap) return refuse(state, "invalid_payload", view(state));
  const { from, to } = swap;
  if (!inBounds(state.grid, from) || !inBounds(state.grid, to)) return refuse(state, "out_of_bounds", view(state));
  if (!isAdjacent(from, to)) return refuse(state, "not_adjacent", view(state));
  const a = cellAt(state.grid, from.row, from.col);
  const b = cellAt(state.grid, to.row, to.col);
  if (!isTile(a) || !isTile(b)) return refuse(state, "blocked", view(state));

  let grid: TGrid = cloneGrid(state.grid);
  (grid[from.row] as (string | null)[])[from.col] = b;
  (grid[to.row] as (string | null)[])[to.col] = a;
  if (!hasAnyMatch(grid)) return refuse(state, "no_match", view(state));

  const cursor = createCursor(state.rng);
  const steps: TAnimationStep[] = [{ type: "swap", from, to }];
  const r = resolveCascades(state, grid, cursor, steps);
  return finishTurn(state, r, cursor, steps, { moves_used: state.moves_used + 1 });
}

/**
 * `shuffle` mixes the board (a fresh arrangement with a move and no line); `hammer` smashes one
 * tile or blocker at `cell`, and what falls may cascade. Neither uses a move. Deterministic: the
 * hidden stream decides the new tiles, so a replay of the command log reproduces the board.
 */
function applyBooster(state: TMatch3State, payload: Record<string, unknown>): TApplyResult<TMatch3State> {
  const cursor = createCursor(state.rng);
  const used: TFact = { name: "booster_used", effect: payload.effect };
  if (payload.effect === "shuffle") {
    const grid = reshuffle(state.grid, state.colours, cursor);
    const next: TMatch3State = { ...state, grid, shuffles: state.shuffles + 1, rng: cursor.snapshot() };
    return accept(next, view(next), [{ type: "booster", effect: "shuffle" }, { type: "shuffle", grid: cloneGrid(grid) }], [used]);
  }
  if (payload.effect !== "hammer") return refuse(state, "unknown_booster", view(state));
  const cell = parseCell(payload.cell);
  if (!cell) return refuse(state, "invalid_payload", view(state));
  if (!inBounds(state.grid, cell)) return refuse(state, "out_of_bounds", view(state));
  const value = cellAt(state.grid, cell.row, cell.col);
  const grid: TGrid = cloneGrid(state.grid);
  (grid[cell.row] as (string | null)[])[cell.col] = null;
  const blocker = value === BLOCKER;
  const colour = isTile(value) ? value : null;
  const points = blocker ? MATCH3_POINTS_PER_BLOCKER : MATCH3_POINTS_PER_TILE;
  const steps: TAnimationStep[] = [
    { type: "booster", effect: "hammer", cell },
    { type: "clear", cascade: 0, cells: colour ? [cell] : [], blockers: blocker ? [cell] : [], points },
  ];
  const fallen = applyGravity(grid);
  steps.push({ type: "fall", cascade: 0, moves: fallen.moves });
  steps.push({ type: "refill", cascade: 0, cells: refill(state, fallen.grid, fallen.empties, cursor) });
  const r = resolveCascades(state, fallen.grid, cursor, steps, {
    score: state.score + points,
    blockersCleared: state.blockers_cleared + (blocker ? 1 : 0),
    blockersTotal: blocker ? 1 : 0,
    tilesTotal: colour ? 1 : 0,
    collected: colour ? { [colour]: (state.collected[colour] ?? 0) + 1 } : {},
    perColour: colour ? { [colour]: 1 } : {},
  });
  return finishTurn(state, r, cursor, steps, {}, [used]);
}

type TResolved = { grid: TGrid; collected: Record<string, number>; score: number; blockersCleared: number; cascade: number; tilesTotal: number; blockersTotal: number; perColour: Record<string, number> };

/** Clears lines, drops tiles and refills from the hidden stream until the board is still. */
function resolveCascades(state: TMatch3State, start: TGrid, cursor: ReturnType<typeof createCursor>, steps: TAnimationStep[], base: Partial<TResolved> = {}): TResolved {
  let grid = start;
  const collected = { ...state.collected, ...(base.collected ?? {}) };
  let score = base.score ?? state.score;
  let blockersCleared = base.blockersCleared ?? state.blockers_cleared;
  let cascade = 0;
  let tilesTotal = base.tilesTotal ?? 0;
  let blockersTotal = base.blockersTotal ?? 0;
  const perColour: Record<string, number> = { ...(base.perColour ?? {}) };

  for (;;) {
    const m = findMatches(grid);
    if (m.cells.length === 0 || cascade >= MAX_CASCADES) break;
    cascade++;
    steps.push({ type: "match", cascade, cells: m.cells, groups: m.groups });
    const blockers = adjacentBlockers(grid, m.cells);
    for (const c of m.cells) {
      const colour = cellAt(grid, c.row, c.col);
      if (isTile(colour)) {
        collected[colour] = (collected[colour] ?? 0) + 1;
        perColour[colour] = (perColour[colour] ?? 0) + 1;
      }
      (grid[c.row] as (string | null)[])[c.col] = null;
    }
    for (const c of blockers) (grid[c.row] as (string | null)[])[c.col] = null;
    // later cascades are worth more: rewards set-ups, not just luck
    const points = (m.cells.length * MATCH3_POINTS_PER_TILE + blockers.length * MATCH3_POINTS_PER_BLOCKER) * cascade;
    score += points;
    blockersCleared += blockers.length;
    tilesTotal += m.cells.length;
    blockersTotal += blockers.length;
    steps.push({ type: "clear", cascade, cells: m.cells, blockers, points });
    const fallen = applyGravity(grid);
    grid = fallen.grid;
    steps.push({ type: "fall", cascade, moves: fallen.moves });
    steps.push({ type: "refill", cascade, cells: refill(state, grid, fallen.empties, cursor) });
  }
  return { grid, collected, score, blockersCleared, cascade, tilesTotal, blockersTotal, perColour };
}

function refill(state: TMatch3State, grid: TGrid, empties: TCell[], cursor: ReturnType<typeof createCursor>) {
  return empties.map((c) => {
    const colour = state.colours[cursor.int(state.colours.length)] as string;
    (grid[c.row] as (string | null)[])[c.col] = colour;
    return { row: c.row, col: c.col, colour };
  });
}

/** The rest of a turn: facts, win/loss, and a reshuffle when the board has no move left. */
function finishTurn(state: TMatch3State, r: TResolved, cursor: ReturnType<typeof createCursor>, steps: TAnimationStep[], extra: Partial<TMatch3State>, facts: TFact[] = []): TApplyResult<TMatch3State> {
  const { grid, collected, score, blockersCleared, cascade, tilesTotal, blockersTotal, perColour } = r;
  const next: TMatch3State = {
    ...state,
    grid: grid as string[][],
    collected,
    score,
    blockers_cleared: blockersCleared,
    ...extra,
  };
  facts.push({ name: "tiles_matched", count: tilesTotal, cascades: cascade, points: score - state.score });
  for (const [colour, count] of Object.entries(perColour)) facts.push({ name: "colour_collected", colour, count });
  if (blockersTotal > 0) facts.push({ name: "blockers_cleared", count: blockersTotal });
  if (cascade >= 2) facts.push({ name: "cascade", depth: cascade });
  next.goals.forEach((g, i) => {
    const before = goalProgress(state, g) >= g.target;
    if (!before && goalProgress(next, g) >= g.target) facts.push({ name: "goal_completed", goal_index: i, type: g.type });
  });

  if (goalsMet(next)) {
    next.finished = true;
    next.outcome = "won";
    const movesLeft = next.moves_limit - next.moves_used;
    const award = awardWin(next, movesLeft, MATCH3_POINTS_PER_MOVE_LEFT);
    if (award.bonus !== undefined) steps.push({ type: "bonus", moves_left: movesLeft, points: award.bonus, score: next.score, stars: award.stars });
    facts.push({ name: "game_won", score, moves_used: next.moves_used, moves_left: movesLeft, ...award });
  } else if (next.moves_used >= next.moves_limit) {
    next.finished = true;
    next.outcome = "lost";
    facts.push({ name: "game_lost", reason: "out_of_moves", score, moves_used: next.moves_used });
  } else if (hasAnyMatch(next.grid) || !hasValidSwap(next.grid)) {
    next.grid = reshuffle(next.grid, next.colours, cursor);
    next.shuffles = state.shuffles + 1;
    steps.push({ type: "shuffle", grid: cloneGrid(next.grid) });
    facts.push({ name: "board_shuffled" });
  }
  next.rng = cursor.snapshot();
  return accept(next, view(next), steps, facts);
}

const DESCRIBE: Record<TMatch3Goal["type"], (g: TMatch3Goal) => string> = {
  score: (g) => `Reach ${g.target} points`,
  collect: (g) => `Collect ${g.target} ${"colour" in g ? g.colour : ""} tiles`,
  clear_blockers: (g) => `Clear ${plural(g.target, "blocker", "blockers")}`,
};

export const match3Mechanic: TMechanic<TMatch3State, TMatch3Params> = {
  id: "match3_v1",
  title: "Gem Match",
  gameVersion: 1,
  actions: ACTIONS,
  boosters: MATCH3_BOOSTERS,
  maxPayloadBytes: MAX_PAYLOAD_BYTES,
  init,
  apply,
  view,
  score: (s) => s.score,
  isFinished: (s) => s.finished,
  describeGoals: (level) => validateLevel(level).map((g) => DESCRIBE[g.type](g)),
  describeConstraints: (level) => {
    const moves = findConstraint(level.constraints, "moves");
    return moves === null ? [] : [plural(moves, "move", "moves")];
  },
  preview: (level) => ({
    board: `${level.params.rows}x${level.params.cols}`,
    colours: level.params.colours.length,
    blockers: level.params.blockers?.length ?? 0,
    moves: findConstraint(level.constraints, "moves"),
    goals: validateLevel(level).map((g) => ({ ...g })),
  }),
};
