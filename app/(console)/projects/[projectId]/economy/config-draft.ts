import { toConsoleError } from "@/app/_lib/errors";
import type { TEconomySettings } from "../_rewards/types";
import { GAME_EFFECTS } from "./labels";

/**
 * The settings form's state: every number as typed, and each row with a key of its own so a
 * server issue ("economy_config.boosters.2.price.resource_id") still lands on the right row after
 * rows above it were added or removed.
 */
export type TResourceDraft = { key: string; id: string; name: string; starting_balance: string };
export type TBoosterDraft = { key: string; id: string; name: string; description: string; mechanic: string; effect: string; price_amount: string; price_resource: string };
export type TEconomyDraft = { enabled: boolean; resources: TResourceDraft[]; boosters: TBoosterDraft[] };

export const MAX_RESOURCES = 10;
export const MAX_BOOSTERS = 30;

let seq = 0;
const newKey = () => `row-${++seq}`;

export function toDraft(s: TEconomySettings): TEconomyDraft {
  return {
    enabled: s.economy_enabled,
    resources: s.economy_config.resources.map((r) => ({ key: newKey(), id: r.id, name: r.name, starting_balance: String(r.starting_balance) })),
    boosters: s.economy_config.boosters.map((b) => ({
      key: newKey(),
      id: b.id,
      name: b.name,
      description: b.description,
      mechanic: b.mechanic,
      effect: b.effect,
      price_amount: String(b.price.amount),
      price_resource: b.price.resource_id,
    })),
  };
}

export function newResource(): TResourceDraft {
  return { key: newKey(), id: "", name: "", starting_balance: "0" };
}

export function newBooster(resources: TResourceDraft[]): TBoosterDraft {
  const mechanic = "match3_v1";
  return { key: newKey(), id: "", name: "", description: "", mechanic, effect: GAME_EFFECTS[mechanic]!.effects[0]!.id, price_amount: "10", price_resource: resources[0]?.id ?? "" };
}

/** The draft without its row keys, for "has anything changed?". */
function comparable(d: TEconomyDraft) {
  const strip = <T extends { key: string }>({ key: _key, ...rest }: T) => rest;
  return JSON.stringify({ enabled: d.enabled, resources: d.resources.map(strip), boosters: d.boosters.map(strip) });
}
export const sameDraft = (a: TEconomyDraft, b: TEconomyDraft) => comparable(a) === comparable(b);
export const sameConfig = (a: TEconomyDraft, b: TEconomyDraft) => comparable({ ...a, enabled: true }) === comparable({ ...b, enabled: true });

/** Field errors keyed by row: `r:<key>:id`, `b:<key>:price.resource_id`; whole lists as `resources`, `boosters`. */
export type TDraftErrors = Record<string, string>;

const WHOLE = /^-?\d+$/;

/** Numbers the form can tell are wrong before asking the server (which checks everything else). */
export function localErrors(d: TEconomyDraft): TDraftErrors {
  const out: TDraftErrors = {};
  for (const r of d.resources) if (!WHOLE.test(r.starting_balance.trim())) out[`r:${r.key}:starting_balance`] = "Enter a whole number.";
  for (const b of d.boosters) if (!WHOLE.test(b.price_amount.trim())) out[`b:${b.key}:price.amount`] = "Enter a whole number.";
  return out;
}

export function toConfig(d: TEconomyDraft) {
  return {
    resources: d.resources.map((r) => ({ id: r.id.trim(), name: r.name.trim(), starting_balance: Number(r.starting_balance.trim()) })),
    boosters: d.boosters.map((b) => ({
      id: b.id.trim(),
      name: b.name.trim(),
      description: b.description.trim(),
      mechanic: b.mechanic,
      effect: b.effect,
      price: { resource_id: b.price_resource, amount: Number(b.price_amount.trim()) },
    })),
  };
}

/**
 * The server's issues for a saved draft, on the rows they name. `rows` are the row keys in the
 * order they were sent. Issues no field shows come back in `other`.
 */
export function serverErrors(error: unknown, rows: { resources: string[]; boosters: string[] }): { fields: TDraftErrors; other: string[] } {
  const fields: TDraftErrors = {};
  const other: string[] = [];
  if (!error) return { fields, other };
  const e = toConsoleError(error);
  for (const issue of e.issues) {
    const [root, list, index, ...rest] = issue.path.split(".");
    const key = root === "economy_config" && (list === "resources" || list === "boosters") && index !== undefined ? rows[list][Number(index)] : undefined;
    const field = rest.join(".");
    if (key && FIELDS[list as "resources" | "boosters"].has(field)) fields[`${list![0]}:${key}:${field}`] ??= sentence(issue.message);
    else if (root === "economy_config" && (list === "resources" || list === "boosters") && index === undefined) fields[list] ??= sentence(issue.message);
    else other.push(`${issue.path.replace(/^economy_config\./, "")}: ${issue.message}`);
  }
  return { fields, other };
}

const FIELDS = {
  resources: new Set(["id", "name", "starting_balance"]),
  boosters: new Set(["id", "name", "description", "mechanic", "effect", "price.amount", "price.resource_id"]),
};

/** Zod's wording ("Too small: expected string to have >=1 characters") in plain words. */
function sentence(m: string): string {
  const small = /^Too small: expected (string|number|array) to (?:have|be) >=?(\d+)/.exec(m);
  if (small) return small[1] === "string" ? (small[2] === "1" ? "Required." : `At least ${small[2]} characters.`) : small[1] === "array" ? `Add at least ${small[2]}.` : `At least ${small[2]}.`;
  const big = /^Too big: expected (string|number|array) to (?:have|be) <=?(\d+)/.exec(m);
  if (big) return big[1] === "string" ? `At most ${big[2]} characters.` : big[1] === "array" ? `At most ${big[2]}.` : `At most ${Number(big[2]).toLocaleString()}.`;
  const s = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?]$/.test(s) ? s : `${s}.`;
}
