import { GAME_METAS } from "@/games/metas";
import { humanize } from "../_rewards/labels";

/** The boosters each game's engine can play, named as its package names them (games/<game>/meta.ts). */
export const GAME_EFFECTS: Record<string, { game: string; effects: Array<{ id: string; label: string }> }> = Object.fromEntries(
  GAME_METAS.filter((g) => g.boosters.length > 0).map((g) => [g.id, { game: g.name, effects: g.boosters.map((b) => ({ id: b.effect, label: b.label })) }]),
);
export const GAMES_WITH_BOOSTERS = Object.keys(GAME_EFFECTS);

const SOURCES: Record<string, string> = {
  starting: "Starting balance",
  grant_admin: "Console grant",
  grant_server: "Server grant",
  spend: "Booster bought",
  wheel_ticket: "Wheel spin",
  wheel_award: "Wheel prize",
};
/** Why a ledger row exists, as an admin would say it. */
export const ledgerSource = (code: string) => SOURCES[code] ?? humanize(code);

/** "+5", "−30" (a real minus sign), with thousands separators. */
export function signedAmount(n: number): string {
  return `${n > 0 ? "+" : n < 0 ? "−" : ""}${Math.abs(n).toLocaleString()}`;
}
