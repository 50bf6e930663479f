// Tuning aid behind the published tracks (not run in CI): plays each level with an unlimited budget
// and the goals scaled up, records after every move how far each goal got, and proposes for a
// designed win rate w(n) and a mean budget N(n) the goal scale and the budget limit
// (the limit is the w-quantile of the budget the bot needed). The levels report checks the result.
//   node --import tsx scripts/levels-tune.ts <seeds> <mechanic>
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge } from "@/games/bots";
import { quantile } from "@/games/level-report";
import { getMechanic, tracks } from "@/games/registry";
import type { TLevelDefinition } from "@/games/types";
import type { TMechanicId } from "@/games/manifests";

const seeds = Number(process.argv[2] ?? 150);
const mech = (process.argv[3] ?? "match3_v1") as TMechanicId;
const levels = tracks[mech].levels;
const n = levels.length;
const FIRST_W = Number(process.env.FIRST_W ?? 0.98);
const LAST_W = Number(process.env.LAST_W ?? 0.45);
const targetW = (i: number) => FIRST_W - ((FIRST_W - LAST_W) * (i - 1)) / (n - 1);
const FIRST_N = Number(process.env.FIRST_N ?? 8);
const LAST_N = Number(process.env.LAST_N ?? 19);
const targetN = (i: number) => FIRST_N + ((LAST_N - FIRST_N) * (i - 1)) / (n - 1);
const SCALES = [1, 1.25, 1.5, 1.75, 2, 2.25, 2.5, 3, 3.5, 4];
const MAX_SCALE = 4;

function unlimited(level: TLevelDefinition): TLevelDefinition {
  const goals = level.goals.map((g) => (g.type === "score" || g.type === "collect" ? { ...g, target: g.target * MAX_SCALE } : g));
  const constraints = level.constraints.map((c) => ({ ...c, limit: 100000 }));
  return { ...level, goals: mech === "match3_v1" ? goals : level.goals, constraints };
}

type TTrace = { progress: number[][]; budget: number[] }; // after each accepted command

function trace(level: TLevelDefinition, seed: string): TTrace {
  const m = getMechanic(mech);
  let state: unknown = m.init(level, seed);
  let view = m.view(state);
  let k = emptyMemoryKnowledge();
  const out: TTrace = { progress: [], budget: [] };
  for (let i = 0; i < 3000 && !m.isFinished(state); i++) {
    const c = suggestCommand(mech, view, k);
    if (!c) break;
    const r = m.apply(state, c);
    state = r.state;
    view = r.view;
    k = updateMemoryKnowledge(k, r.animation_steps);
    if (!r.accepted) continue;
    const s = state as Record<string, number>;
    const goals = (view.goals as { progress: number }[] | undefined) ?? [];
    out.progress.push(goals.map((g) => g.progress));
    out.budget.push(mech === "match3_v1" ? s.moves_used! : mech === "parcel_pilot_v1" ? s.moves_used! : s.mistakes!);
    if (mech === "memory_v1") (out as TTrace & { flips?: number[] }).flips = [...((out as { flips?: number[] }).flips ?? []), s.flips!];
  }
  return out;
}

for (const level of levels) {
  const i = level.number;
  const traces = Array.from({ length: seeds }, (_, s) => trace(unlimited(level), `tune-${s}`));
  const w = targetW(i);
  if (mech === "match3_v1") {
    let best: { f: number; mean: number; limit: number } | null = null;
    for (const f of SCALES) {
      const need: number[] = [];
      for (const t of traces) {
        const idx = t.progress.findIndex((p) => level.goals.every((g, gi) => (p[gi] ?? 0) >= (g.type === "clear_blockers" ? g.target : Math.round(g.target * f))));
        need.push(idx < 0 ? 999 : (t.budget[idx] as number));
      }
      need.sort((a, b) => a - b);
      const mean = need.reduce((a, b) => a + b, 0) / need.length;
      const limit = quantile(need, w);
      if (!best || Math.abs(mean - targetN(i)) < Math.abs(best.mean - targetN(i))) best = { f, mean, limit };
      if (!level.goals.some((g) => g.type !== "clear_blockers")) break;
    }
    const goals = level.goals.map((g) => (g.type === "clear_blockers" ? g : { ...g, target: Math.round(g.target * best!.f) }));
    console.log(`L${i} w=${w.toFixed(2)} N=${targetN(i).toFixed(1)} scale=${best!.f} mean=${best!.mean.toFixed(1)} limit=${best!.limit} goals=${JSON.stringify(goals)}`);
  } else if (mech === "memory_v1") {
    const mistakes = traces.map((t) => t.budget[t.budget.length - 1] ?? 0).sort((a, b) => a - b);
    const flips = traces.map((t) => ((t as { flips?: number[] }).flips ?? []).at(-1) ?? 0).sort((a, b) => a - b);
    console.log(`L${i} w=${w.toFixed(2)} mistakes mean=${(mistakes.reduce((a, b) => a + b, 0) / seeds).toFixed(1)} limit=${quantile(mistakes, w)} flips mean=${(flips.reduce((a, b) => a + b, 0) / seeds).toFixed(1)} limit=${quantile(flips, w)}`);
  } else {
    const fuel = traces.map((t) => t.budget[t.budget.length - 1] ?? 0).sort((a, b) => a - b);
    console.log(`L${i} w=${w.toFixed(2)} fuel mean=${(fuel.reduce((a, b) => a + b, 0) / seeds).toFixed(1)} min=${fuel[0]} max=${fuel.at(-1)} limit=${quantile(fuel, w)}`);
  }
}
