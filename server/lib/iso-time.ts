/**
 * A time as ISO 8601 UTC text, by arithmetic on its time value. V8's `toISOString` formats through a
 * C++ printf: ~7 500 instructions a call, which was 1.2 % of a game command's and 4 % of a lobby's
 * instructions (the access log's time on every request, the lobby's server time;
 * `npm run bench:instructions`, 2026-12-03). This is the same text for years 1–9999 and a few
 * hundred instructions; outside them (and for an invalid time) `toISOString` itself answers.
 */

const DAY_MS = 86_400_000;
const FIRST_MS = -62_135_596_800_000; // 0001-01-01T00:00:00.000Z
const END_MS = 253_402_300_800_000; // 10000-01-01T00:00:00.000Z
const TWO_DIGITS = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, "0"));
/**
 * The last two days formatted ("YYYY-MM-DDT"): a process's times are mostly today's, and many
 * requests write a time beside one a day later (a purchase's effect token expires in 24 h): with
 * one slot those alternated and every call formatted its day again through `toISOString`.
 */
let dayA = Number.NaN;
let dayAText = "";
let dayB = Number.NaN;
let dayBText = "";

/** "YYYY-MM-DDT" of a day number (days since 1970-01-01), from the two slots or made and kept in the older one. */
function dayText(day: number): string {
  if (day === dayA) return dayAText;
  if (day === dayB) return dayBText;
  dayB = dayA;
  dayBText = dayAText;
  dayA = day;
  dayAText = new Date(day * DAY_MS).toISOString().slice(0, 11);
  return dayAText;
}

/** Whether `utcText` formats this time value (a whole year 1–9999); else the caller formats it another way. */
export function hasUtcText(t: number): boolean {
  return t >= FIRST_MS && t < END_MS;
}

/** "YYYY-MM-DDTHH:mm:ss.sss" of a time value for which hasUtcText holds (no zone: the caller adds "Z" or an offset). */
export function utcText(t: number): string {
  const day = Math.floor(t / DAY_MS);
  const date = dayText(day);
  let rest = t - day * DAY_MS;
  const h = Math.floor(rest / 3_600_000);
  rest -= h * 3_600_000;
  const m = Math.floor(rest / 60_000);
  rest -= m * 60_000;
  const s = Math.floor(rest / 1000);
  const ms = rest - s * 1000;
  return `${date}${TWO_DIGITS[h]}:${TWO_DIGITS[m]}:${TWO_DIGITS[s]}.${ms < 10 ? "00" : ms < 100 ? "0" : ""}${ms}`;
}

/** `new Date(t).toISOString()`, the same text (and the same RangeError for an invalid time). */
export function isoTime(t: number): string {
  return hasUtcText(t) ? `${utcText(t)}Z` : new Date(t).toISOString();
}
