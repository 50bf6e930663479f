// Seeded PRNG for the engines. The whole generator state is four uint32
// numbers in a plain object, so it can live inside jsonb engine state and a
// run can be resumed from storage bit-for-bit. No Math.random anywhere.
//
// Seeding: each of four lanes runs a 32-bit FNV-1a style hash over the seed's
// UTF-16 code units with a distinct offset basis, then a murmur3-style
// finaliser for avalanche. Generation: sfc32 (small fast chaotic), which has
// a counter word so it never collapses to an all-zero cycle.

export type TRngState = { a: number; b: number; c: number; d: number };

const LANE_BASES = [0x811c9dc5, 0x9e3779b9, 0x7f4a7c15, 0xc2b2ae3d] as const;

function finalise(h: number): number {
  let x = h >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x85ebca6b);
  x ^= x >>> 13;
  x = Math.imul(x, 0xc2b2ae35);
  x ^= x >>> 16;
  return x >>> 0;
}

function hashLane(seed: string, base: number, lane: number): number {
  let h = (base ^ Math.imul(lane + 1, 0x27d4eb2d)) >>> 0;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
    // FNV alone diffuses high bits poorly; the xorshift feeds them back down
    h ^= h >>> 15;
  }
  h ^= seed.length;
  return finalise(h);
}

function step(s: TRngState): [number, TRngState] {
  let { a, b, c, d } = s;
  const t = (((a + b) | 0) + d) | 0;
  d = (d + 1) | 0;
  a = b ^ (b >>> 9);
  b = (c + (c << 3)) | 0;
  c = (c << 21) | (c >>> 11);
  c = (c + t) | 0;
  return [t >>> 0, { a: a >>> 0, b: b >>> 0, c: c >>> 0, d: d >>> 0 }];
}

export function seedFrom(seed: string): TRngState {
  let state: TRngState = {
    a: hashLane(seed, LANE_BASES[0], 0),
    b: hashLane(seed, LANE_BASES[1], 1),
    c: hashLane(seed, LANE_BASES[2], 2),
    d: hashLane(seed, LANE_BASES[3], 3),
  };
  // sfc32 output is weak for the first few draws after seeding
  for (let i = 0; i < 15; i++) state = step(state)[1];
  return state;
}

/** Uniform uint32. */
export function nextUint32(state: TRngState): [number, TRngState] {
  return step(state);
}

/** Float in [0, 1). */
export function next(state: TRngState): [number, TRngState] {
  const [u, s] = step(state);
  return [u / 4294967296, s];
}

/** Integer in [0, maxExclusive), unbiased via rejection sampling. */
export function nextInt(state: TRngState, maxExclusive: number): [number, TRngState] {
  if (!Number.isInteger(maxExclusive) || maxExclusive <= 0 || maxExclusive > 0x100000000) {
    throw new RangeError(`nextInt: bad bound ${maxExclusive}`);
  }
  const limit = 0x100000000 - (0x100000000 % maxExclusive);
  let s = state;
  for (;;) {
    const [u, ns] = step(s);
    s = ns;
    if (u < limit) return [u % maxExclusive, s];
  }
}

/** Fisher-Yates shuffle returning a new array. */
export function shuffle<T>(items: readonly T[], state: TRngState): [T[], TRngState] {
  const out = items.slice();
  let s = state;
  for (let i = out.length - 1; i > 0; i--) {
    const [j, ns] = nextInt(s, i + 1);
    s = ns;
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return [out, s];
}

/**
 * Convenience for engine internals that draw many numbers in one apply():
 * it owns a private copy, so advancing it never touches the caller's state.
 */
export type TRngCursor = {
  int(maxExclusive: number): number;
  float(): number;
  shuffle<T>(items: readonly T[]): T[];
  snapshot(): TRngState;
};

export function createCursor(state: TRngState): TRngCursor {
  let s: TRngState = { a: state.a, b: state.b, c: state.c, d: state.d };
  return {
    int(maxExclusive) {
      const [v, ns] = nextInt(s, maxExclusive);
      s = ns;
      return v;
    },
    float() {
      const [v, ns] = next(s);
      s = ns;
      return v;
    },
    shuffle(items) {
      const [v, ns] = shuffle(items, s);
      s = ns;
      return v;
    },
    snapshot() {
      return { a: s.a, b: s.b, c: s.c, d: s.d };
    },
  };
}
