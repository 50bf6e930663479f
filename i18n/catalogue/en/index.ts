import { COMMON } from "./common";
import { ECONOMY } from "./economy";
import { LOBBY } from "./lobby";
import { GOALS } from "./goals";
import { HOWTO } from "./howto";
import { HUD } from "./hud";
import { LAUNCHER } from "./launcher";
import { GAME } from "./game";
import { GAMES } from "./games";
import { RESULT } from "./result";
import { BOOSTER } from "./booster";
import { MATCH3 } from "./match3";
import { MEMORY } from "./memory";
import { PARCEL } from "./parcel";
import { REFUSAL } from "./refusal";
import { REWARD } from "./reward";
import { SHELL } from "./shell";
import { WHEEL } from "./wheel";
import type { TSourceMessage } from "./types";

/**
 * The source catalogue: every word a player sees, in English, with a note per key. Other
 * languages (i18n/catalogue/<code>.ts) are typed against its keys, so a missing key does not
 * compile; the unit check (i18n/catalogue.test.ts) compares placeholders and plural categories.
 * Keys are `<screen>.<what>`; a game's own words are under `<screen>.<game>.…`.
 */
const SOURCE = {
  ...COMMON,
  ...SHELL,
  ...LOBBY,
  ...GOALS,
  ...HOWTO,
  ...HUD,
  ...LAUNCHER,
  ...GAME,
  ...GAMES,
  ...REFUSAL,
  ...RESULT,
  ...REWARD,
  ...BOOSTER,
  ...ECONOMY,
  ...MATCH3,
  ...MEMORY,
  ...PARCEL,
  ...WHEEL,
} satisfies Record<string, TSourceMessage>;

export type TMessageKey = keyof typeof SOURCE;
/** A language's catalogue: a message for every key. */
export type TCatalogue = Record<TMessageKey, string>;

export const EN = Object.fromEntries(Object.entries(SOURCE).map(([k, v]) => [k, v.message])) as TCatalogue;
export const NOTES = Object.fromEntries(Object.entries(SOURCE).map(([k, v]) => [k, v.note])) as Record<TMessageKey, string>;
