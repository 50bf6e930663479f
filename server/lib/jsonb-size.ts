import { writeJson } from "./json-walk";

/**
 * The size of a value as PostgreSQL prints jsonb: object keys sorted by length then bytes,
 * duplicate keys collapsed (last wins), ", " and ": " separators. Used to enforce the stored
 * command envelope limit (8192 bytes) before anything is written, without a database round trip.
 */
export function jsonbText(value: unknown): string {
  return writeJson(value, { keys: jsonbKeys, comma: ", ", colon: ": ", scalar: jsonbScalar });
}

function jsonbKeys(obj: Record<string, unknown>): string[] {
  const keys = Object.keys(obj);
  return keys.sort(keys.every(isAscii) ? byLengthThenUnits : byLengthThenBytes);
}

function jsonbScalar(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") return Number.isFinite(value) ? jsonbNumber(value) : "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  return "null";
}

/**
 * A number as jsonb prints it: jsonb keeps numbers as `numeric`, which prints every digit without
 * an exponent — `1e+308` (JSON's six bytes) comes back as 309 digits, `1.5e-7` as `0.00000015`.
 */
function jsonbNumber(value: number): string {
  const text = String(value);
  const e = text.indexOf("e");
  if (e === -1) return text;
  const sign = text.startsWith("-") ? "-" : "";
  const mantissa = text.slice(sign.length, e);
  const point = mantissa.indexOf(".");
  const digits = mantissa.replace(".", "");
  const intLength = (point === -1 ? mantissa.length : point) + Number(text.slice(e + 1));
  if (intLength >= digits.length) return sign + digits + "0".repeat(intLength - digits.length);
  if (intLength > 0) return `${sign}${digits.slice(0, intLength)}.${digits.slice(intLength)}`;
  return `${sign}0.${"0".repeat(-intLength)}${digits}`;
}

function isAscii(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** For ASCII keys (the usual case) a character is a byte: length and code-unit order are PostgreSQL's, without encoding them. */
function byLengthThenUnits(a: string, b: string): number {
  return a.length !== b.length ? a.length - b.length : a < b ? -1 : a > b ? 1 : 0;
}

function byLengthThenBytes(a: string, b: string): number {
  const la = Buffer.byteLength(a);
  const lb = Buffer.byteLength(b);
  return la !== lb ? la - lb : Buffer.compare(Buffer.from(a), Buffer.from(b));
}

/** A number JSON writes with an exponent (`1e+308`), which jsonb prints in full. */
const EXPONENT = /\de[+-]/;

export function jsonbBytes(value: unknown): number {
  return Buffer.byteLength(jsonbText(value), "utf8");
}

/**
 * `value`'s jsonb size in bytes when it may be over `max`, else null (it fits). For a JSON value
 * (what JSON.parse gives: no undefined, functions or toJSON): its jsonb text differs from its JSON
 * only by a space after each `,` and `:`, so it is under twice the JSON's bytes, and a JSON of at
 * most half the bound fits without writing the jsonb text (a game command's envelope, ~100 bytes
 * against 8 192, on every command) — unless a number in it has an exponent.
 */
export function jsonbBytesOver(value: unknown, max: number): number | null {
  const json = JSON.stringify(value) ?? "";
  // (a number JSON writes with an exponent can print far longer: see jsonbNumber)
  if (Buffer.byteLength(json, "utf8") * 2 <= max && !EXPONENT.test(json)) return null;
  const bytes = jsonbBytes(value);
  return bytes > max ? bytes : null;
}
