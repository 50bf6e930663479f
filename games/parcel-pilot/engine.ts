// parcel_pilot_v1: steer a carrier around a grid, picking parcels up and
// dropping them off. The seed decides the dispatch order; only the first
// `active` undelivered parcels of that order are visible at any time, so
// the rest of the queue is hidden information.
import { accept, findConstraint, isPlainObject, plural, precheck, refuse, withStatus } from "@/games/common";
import { createCursor, seedFrom } from "@/games/rng";
import { awardWin, initialStarState, starView, type TStarState } from "@/games/stars";
import type { TAnimationStep, TApplyResult, TCell, TCommand, TFact, TLevelDefinition, TMechanic, TOutcome } from "@/games/types";

/**
 * Layout as text rows: '#' obstacle, '.' floor, 'S' start, 'A'..'Z' pickup
 * of parcel A.., 'a'..'z' its drop cell.
 */
export type TParcelParams = { map: string[]; capacity?: number; active?: number };
type TParcelSpec = { id: string; pickup: TCell; drop: TCell };
type TParcelStatus = "queued" | "carried" | "delivered";
type TDirection = "up" | "down" | "left" | "right";

export type TParcelState = {
  mechanic: "parcel_pilot_v1";
  game_version: number;
  level_id: string;
  level_version: number;
  rows: number;
  cols: number;
  walls: string[]; // '#' / '.' rows
  carrier: TCell;
  parcels: TParcelSpec[];
  queue: number[]; // dispatch order (indices into parcels): hidden beyond the active window
  status: TParcelStatus[];
  capacity: number;
  active: number;
  fuel_limit: number | null;
  moves_limit: number | null;
  moves_used: number; // each move burns one fuel too
  deliveries: number;
  deliveries_target: number;
  score: number;
  finished: boolean;
  outcome: TOutcome | null;
} & Omit<TStarState, "score">;

const PARCEL_DELIVERY_POINTS = 100;
const PARCEL_FUEL_BONUS = 10;
const DIRECTIONS: Record<TDirection, TCell> = {
  up: { row: -1, col: 0 },
  down: { row: 1, col: 0 },
  left: { row: 0, col: -1 },
  right: { row: 0, col: 1 },
};
const ACTIONS = ["move", "booster"] as const;
/** Boosters (bought with the economy, played with a single-use effect token the server checks). */
const PARCEL_BOOSTERS = ["extra_fuel"] as const;
const PARCEL_EXTRA_FUEL = 5;
// Room for a booster command: its effect and single-use token (about 120 bytes).
const MAX_PAYLOAD_BYTES = 256;

type TParsedMap = { rows: number; cols: number; walls: string[]; start: TCell; parcels: TParcelSpec[] };

/**
 * Maps parsed so far, by their text, frozen: states share them (as a run's moves already share one
 * state's walls and parcels), and a run start parsed its level's map twice — 6 % of a start's
 * instructions in the web process (2026-12-06). Bounded; only well-formed maps are kept.
 */
const parsedMaps = new Map<string, Readonly<TParsedMap>>();
const PARSED_MAPS_MAX = 256;

export function parseParcelMap(map: readonly string[]): Readonly<TParsedMap> {
  let key = "";
  for (const line of map) {
    // a line that is not text (bad level params) is parsed (and refused) every time
    if (typeof line !== "string") return parseMap(map);
    key += `${line}\n`;
  }
  let parsed = parsedMaps.get(key);
  if (!parsed) {
    parsed = frozenMap(parseMap(map));
    if (parsedMaps.size >= PARSED_MAPS_MAX) parsedMaps.clear();
    parsedMaps.set(key, parsed);
  }
  return parsed;
}

function frozenMap(p: TParsedMap): Readonly<TParsedMap> {
  for (const s of p.parcels) {
    Object.freeze(s.pickup);
    Object.freeze(s.drop);
    Object.freeze(s);
  }
  Object.freeze(p.parcels);
  Object.freeze(p.walls);
  Object.freeze(p.start);
  return Object.freeze(p);
}

function parseMap(map: readonly string[]): TParsedMap {
  const rows = map.length;
  const cols = map[0]?.length ?? 0;
  let start: TCell | null = null;
  const pickups = new Map<string, TCell>();
  const drops = new Map<string, TCell>();
  const walls = map.map((line, row) => {
    if (line.length !== cols) throw new Error("parcel map: ragged rows");
    return [...line]
      .map((ch, col) => {
        if (ch === "S") start = { row, col };
        else if (ch >= "A" && ch <= "Z") pickups.set(ch, { row, col });
        else if (ch >= "a" && ch <= "z") drops.set(ch.toUpperCase(), { row, col });
        else if (ch !== "#" && ch !== ".") throw new Error(`parcel map: bad char ${ch}`);
        return ch === "#" ? "#" : ".";
      })
      .join("");
  });
  if (!start) throw new Error("parcel map: no start");
  const parcels = [...pickups.keys()].sort().map((id) => {
    const drop = drops.get(id);
    if (!drop) throw new Error(`parcel map: parcel ${id} has no drop`);
    return { id, pickup: pickups.get(id) as TCell, drop };
  });
  if (parcels.length === 0 || drops.size !== parcels.length) throw new Error("parcel map: pickups/drops mismatch");
  return { rows, cols, walls, start, parcels };
}

const sameCell = (a: TCell, b: TCell) => a.row === b.row && a.col === b.col;

function openParcels(state: Pick<TParcelState, "queue" | "status" | "active">): number[] {
  return state.queue.filter((i) => state.status[i] !== "delivered").slice(0, state.active);
}

/** Deliveries then pickups at the carrier's cell, repeated because a delivery can open a parcel right here. */
function settleCell(state: TParcelState, steps: TAnimationStep[], facts: TFact[]): void {
  for (let changed = true; changed; ) {
    changed = false;
    const before = openParcels(state);
    for (const i of state.queue) {
      const p = state.parcels[i] as TParcelSpec;
      if (state.status[i] === "carried" && sameCell(p.drop, state.carrier)) {
        state.status[i] = "delivered";
        state.deliveries++;
        state.score += PARCEL_DELIVERY_POINTS;
        steps.push({ type: "deliver", parcel: p.id, at: p.drop, points: PARCEL_DELIVERY_POINTS });
        facts.push({ name: "parcel_delivered", parcel: p.id, deliveries: state.deliveries });
        changed = true;
      }
    }
    const open = openParcels(state);
    for (const i of open) {
      if (before.includes(i)) continue;
      const p = state.parcels[i] as TParcelSpec;
      steps.push({ type: "parcel_appear", parcel: p.id, pickup: p.pickup, drop: p.drop });
    }
    for (const i of open) {
      const p = state.parcels[i] as TParcelSpec;
      const carrying = state.status.filter((s) => s === "carried").length;
      if (state.status[i] === "queued" && carrying < state.capacity && sameCell(p.pickup, state.carrier)) {
        state.status[i] = "carried";
        steps.push({ type: "pickup", parcel: p.id, at: p.pickup });
        facts.push({ name: "parcel_picked_up", parcel: p.id });
        changed = true;
      }
    }
  }
}

function validateLevel(level: TLevelDefinition<TParcelParams>): TParsedMap & { target: number } {
  if (!isPlainObject(level.params) || !Array.isArray(level.params.map)) throw new Error(`parcel level ${level.id}: bad params`);
  const parsed = parseParcelMap(level.params.map);
  const goal = level.goals.find((g) => g.type === "deliveries");
  if (!goal || level.goals.length !== 1 || goal.target < 1 || goal.target > parsed.parcels.length) {
    throw new Error(`parcel level ${level.id}: needs one deliveries goal within the parcel count`);
  }
  const fuel = findConstraint(level.constraints, "fuel");
  const moves = findConstraint(level.constraints, "moves");
  if (fuel === null && moves === null) throw new Error(`parcel level ${level.id}: needs a fuel or moves limit`);
  return { ...parsed, target: goal.target };
}

/** Builds the initial state for an explicit dispatch order (tests use this to cover every order). */
export function createParcelState(level: TLevelDefinition<TParcelParams>, queue: readonly number[]): TParcelState {
  const parsed = validateLevel(level);
  const state: TParcelState = {
    mechanic: "parcel_pilot_v1",
    game_version: 1,
    level_id: level.id,
    level_version: level.version,
    rows: parsed.rows,
    cols: parsed.cols,
    walls: parsed.walls,
    carrier: { ...parsed.start },
    parcels: parsed.parcels,
    queue: queue.slice(),
    status: parsed.parcels.map(() => "queued"),
    capacity: Math.max(1, level.params.capacity ?? 1),
    active: Math.max(1, level.params.active ?? 1),
    fuel_limit: findConstraint(level.constraints, "fuel"),
    moves_limit: findConstraint(level.constraints, "moves"),
    moves_used: 0,
    deliveries: 0,
    deliveries_target: parsed.target,
    score: 0,
    finished: false,
    outcome: null,
    ...initialStarState(level),
  };
  settleCell(state, [], []);
  return state;
}

function init(level: TLevelDefinition<TParcelParams>, seed: string): TParcelState {
  const count = parseParcelMap(level.params.map).parcels.length;
  const cursor = createCursor(seedFrom(`parcel_pilot_v1|${level.id}|${level.version}|${seed}`));
  return createParcelState(level, cursor.shuffle(Array.from({ length: count }, (_, i) => i)));
}

function budgetLeft(state: TParcelState): { fuel: number | null; moves: number | null } {
  return {
    fuel: state.fuel_limit === null ? null : Math.max(0, state.fuel_limit - state.moves_used),
    moves: state.moves_limit === null ? null : Math.max(0, state.moves_limit - state.moves_used),
  };
}

function view(state: TParcelState): Record<string, unknown> {
  const left = budgetLeft(state);
  const parcels = openParcels(state).map((i) => {
    const p = state.parcels[i] as TParcelSpec;
    return { id: p.id, status: state.status[i] === "carried" ? "carried" : "waiting", pickup: p.pickup, drop: p.drop };
  });
  return withStatus(
    {
      rows: state.rows,
      cols: state.cols,
      grid: state.walls.slice(),
      carrier: { ...state.carrier },
      capacity: state.capacity,
      parcels,
      parcels_left: state.status.filter((s) => s !== "delivered").length,
      deliveries: state.deliveries,
      fuel_left: left.fuel,
      fuel_limit: state.fuel_limit,
      moves_left: left.moves,
      moves_limit: state.moves_limit,
      score: state.score,
      ...starView(state),
      goals: [{ type: "deliveries", target: state.deliveries_target, progress: state.deliveries }],
    },
    state,
  );
}

/** `extra_fuel` adds five to the fuel (or the move) budget. */
function applyBooster(state: TParcelState, payload: Record<string, unknown>): TApplyResult<TParcelState> {
  if (payload.effect !== "extra_fuel") return refuse(state, "unknown_booster", view(state));
  const next: TParcelState =
    state.fuel_limit !== null ? { ...state, fuel_limit: state.fuel_limit + PARCEL_EXTRA_FUEL } : { ...state, moves_limit: (state.moves_limit ?? 0) + PARCEL_EXTRA_FUEL };
  return accept(next, view(next), [{ type: "booster", effect: "extra_fuel", amount: PARCEL_EXTRA_FUEL }], [{ name: "booster_used", effect: "extra_fuel" }]);
}

function apply(state: TParcelState, command: TCommand): TApplyResult<TParcelState> {
  const pre = precheck(state, command, ACTIONS, MAX_PAYLOAD_BYTES);
  if (pre) return refuse(state, pre, view(state));
  if (command.action === "booster") return applyBooster(state, command.payload);
  const dir = command.payload.dir;
  if (typeof dir !== "string" || !Object.hasOwn(DIRECTIONS, dir)) return refuse(state, "invalid_payload", view(state));
  const delta = DIRECTIONS[dir as TDirection];
  const to = { row: state.carrier.row + delta.row, col: state.carrier.col + delta.col };
  if (to.row < 0 || to.row >= state.rows || to.col < 0 || to.col >= state.cols) {
    return refuse(state, "out_of_bounds", view(state));
  }
  if (state.walls[to.row]?.[to.col] === "#") return refuse(state, "blocked", view(state));

  const next: TParcelState = { ...state, carrier: to, status: state.status.slice(), moves_used: state.moves_used + 1 };
  const steps: TAnimationStep[] = [{ type: "move", from: { ...state.carrier }, to: { ...to }, dir }];
  const facts: TFact[] = [];
  settleCell(next, steps, facts);

  const left = budgetLeft(next);
  if (next.deliveries >= next.deliveries_target) {
    next.finished = true;
    next.outcome = "won";
    const unitsLeft = left.fuel ?? left.moves ?? 0;
    // version-1 levels (no thresholds) always had this bonus; with thresholds awardWin adds it and the stars
    const award = awardWin(next, unitsLeft, PARCEL_FUEL_BONUS);
    if (award.bonus === undefined) next.score += PARCEL_FUEL_BONUS * unitsLeft;
    else steps.push({ type: "bonus", fuel_left: unitsLeft, points: award.bonus, score: next.score, stars: award.stars });
    facts.push({ name: "game_won", score: next.score, bonus: award.bonus ?? PARCEL_FUEL_BONUS * unitsLeft, moves_used: next.moves_used, fuel_left: left.fuel, ...(award.stars ? { stars: award.stars } : {}) });
  } else if (left.fuel === 0 || left.moves === 0) {
    next.finished = true;
    next.outcome = "lost";
    const reason = left.fuel === 0 ? "out_of_fuel" : "out_of_moves";
    facts.push({ name: "game_lost", reason, score: next.score, deliveries: next.deliveries });
  }
  return accept(next, view(next), steps, facts);
}

export const parcelPilotMechanic: TMechanic<TParcelState, TParcelParams> = {
  id: "parcel_pilot_v1",
  title: "Parcel Pilot",
  gameVersion: 1,
  actions: ACTIONS,
  boosters: PARCEL_BOOSTERS,
  maxPayloadBytes: MAX_PAYLOAD_BYTES,
  init,
  apply,
  view,
  score: (s) => s.score,
  isFinished: (s) => s.finished,
  describeGoals: (level) => [`Deliver ${plural(validateLevel(level).target, "parcel", "parcels")}`],
  describeConstraints: (level) => {
    const out: string[] = [];
    const fuel = findConstraint(level.constraints, "fuel");
    const moves = findConstraint(level.constraints, "moves");
    if (fuel !== null) out.push(`${fuel} fuel`);
    if (moves !== null) out.push(plural(moves, "move", "moves"));
    return out;
  },
  preview: (level) => {
    const parsed = validateLevel(level);
    return {
      board: `${parsed.rows}x${parsed.cols}`,
      parcels: parsed.parcels.length,
      fuel: findConstraint(level.constraints, "fuel"),
      moves: findConstraint(level.constraints, "moves"),
      goals: level.goals.map((g) => ({ type: g.type, target: g.target })),
    };
  },
};
