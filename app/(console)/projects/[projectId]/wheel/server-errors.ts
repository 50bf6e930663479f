import { toConsoleError } from "@/app/_lib/errors";
import { formatMoney } from "./money";
import type { TFormErrors } from "./draft-form";

/** Top-level draft paths → the form field that shows them. */
const TOP: Record<string, string> = {
  free_spins_per_day: "free",
  max_spins_per_day: "max",
  ticket_cost: "ticketCost",
  budget_daily_minor: "budgetDaily",
  budget_total_minor: "budgetTotal",
  resource_costs_minor: "costs",
  segments: "segments",
  "rules.text": "rulesText",
  "rules.language": "rulesLanguage",
  "rules.organizer.name": "orgName",
  "rules.organizer.address": "orgAddress",
  "rules.organizer.contact": "orgContact",
  "rules.organizer.url": "orgUrl",
};

/** Paths inside one segment → the segment field that shows them. */
const SEGMENT: Record<string, string> = {
  id: "id",
  label: "label",
  icon: "icon",
  weight: "weight",
  award: "award",
  "award.type": "award",
  "award.resource_id": "award",
  "award.amount": "amount",
  caps: "caps",
  "caps.daily": "capDaily",
  "caps.total": "capTotal",
};

const MONEY_FIELDS = new Set(["budgetDaily", "budgetTotal"]);

/**
 * The server's issues for a saved draft, on the fields they name. `sent` are the segment keys in
 * the order they were sent. Issues no field shows come back in `other`.
 */
export function serverErrors(error: unknown, sent: string[], currency: string): { fields: TFormErrors; other: string[] } {
  const fields: TFormErrors = {};
  const other: string[] = [];
  if (!error) return { fields, other };
  for (const issue of toConsoleError(error).issues) {
    const parts = issue.path.split(".");
    let field: string | undefined;
    if (parts[0] === "segments" && parts.length > 2) {
      const key = sent[Number(parts[1])];
      const inner = SEGMENT[parts.slice(2).join(".")];
      if (key && inner) field = `s:${key}:${inner}`;
    } else if (parts[0] === "resource_costs_minor" && parts.length === 2) {
      field = `cost:${parts[1]}`;
    } else if (parts[0] === "rules" && parts[1] === "translations" && parts.length === 3) {
      field = `rulesIn:${parts[2]}`;
    } else {
      field = TOP[issue.path];
    }
    if (field) fields[field] ??= plain(issue.message, MONEY_FIELDS.has(field) || field.startsWith("cost:") ? currency : null);
    else other.push(`${issue.path || "draft"}: ${issue.message}`);
  }
  return { fields, other };
}

/** Zod's wording ("Too small: expected number to be >=1") in plain words; money limits as money. */
export function plain(m: string, moneyIn: string | null = null): string {
  const n = (v: string) => (moneyIn ? formatMoney(Number(v), moneyIn) : Number(v).toLocaleString("en-US"));
  const small = /^Too small: expected (string|number|array) to (?:have|be) >=?(\d+)/.exec(m);
  if (small) {
    const [, kind, min] = small;
    if (kind === "string") return min === "1" ? "Required." : `At least ${min} characters.`;
    if (kind === "array") return `At least ${min}.`;
    return moneyIn && min === "0" ? "Can't be negative." : `At least ${n(min!)}.`;
  }
  const big = /^Too big: expected (string|number|array) to (?:have|be) <=?(\d+)/.exec(m);
  if (big) return big[1] === "string" ? `At most ${big[2]} characters.` : `At most ${n(big[2]!)}.`;
  const s = m.charAt(0).toUpperCase() + m.slice(1);
  return /[.!?)]$/.test(s) ? s : `${s}.`;
}
