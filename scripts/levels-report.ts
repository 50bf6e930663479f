// Prints the level curve: the reference bot plays every published level across seeds and the
// table shows the win rate and the budget used per level (docs/integrate/play.md's table comes from here).
//   npm run levels:report                 (300 seeds per level)
//   npm run levels:report -- 100 match3_v1 (fewer seeds, one game)
//   LEVELS_REPORT_THRESHOLDS=1 ...        (also print won-score quantiles, for star thresholds)
import { measureLevel, proposeStars, quantile } from "@/games/level-report";
import { GAME_MANIFESTS } from "@/games/manifests";
import { tracks } from "@/games/registry";

const seeds = Number(process.argv[2] ?? 300);
const only = process.argv[3];
const withThresholds = process.env.LEVELS_REPORT_THRESHOLDS === "1";
const UNIT: Record<string, string> = { match3_v1: "moves", memory_v1: "flips/mistakes", parcel_pilot_v1: "fuel" };

for (const game of GAME_MANIFESTS) {
  if (only && game.id !== only) continue;
  console.log(`\n${game.name} (${game.id}), ${seeds} seeds per level; budget: ${UNIT[game.id]}\n`);
  console.log(`| Level | Win rate | Budget used (mean) | Share used | ★ | ★★ | ★★★ |${withThresholds ? " won p50 | p80 | stars | proposed |" : ""}`);
  console.log(`|---|---|---|---|---|---|---|${withThresholds ? "---|---|---|---|" : ""}`);
  for (const level of tracks[game.id].levels) {
    const m = measureLevel(game.id, level, seeds, "report");
    const pct = (x: number) => `${Math.round(x * 100)} %`;
    const row = [
      `${m.level} ${level.title}`,
      pct(m.winRate),
      `${m.meanUsed.toFixed(1)} / ${m.budget}`,
      pct(m.meanUsedShare),
      pct(m.starShares[0]),
      pct(m.starShares[1]),
      pct(m.starShares[2]),
    ];
    if (withThresholds) row.push(String(quantile(m.winScores, 0.5)), String(quantile(m.winScores, 0.8)), JSON.stringify(level.stars ?? null), JSON.stringify(proposeStars(m, game.id === "parcel_pilot_v1" ? 10 : 50)));
    console.log(`| ${row.join(" | ")} |`);
  }
}
