import { humanize } from "../_rewards/labels";

/**
 * The boosters each game's engine can play (the server checks the same list when settings are
 * saved and names the field if this one falls behind).
 */
export const GAME_EFFECTS: Record<string, { game: string; effects: Array<{ id: string; label: string }> }> = {
  match3_v1: { game: "Gem Match", effects: [{ id: "shuffle", label: "Shuffle the board" }, { id: "hammer", label: "Hammer one gem" }] },
  memory_v1: { game: "Memory Pairs", effects: [{ id: "peek", label: "Peek at every card" }] },
  parcel_pilot_v1: { game: "Parcel Pilot", effects: [{ id: "extra_fuel", label: "Extra fuel" }] },
};
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
