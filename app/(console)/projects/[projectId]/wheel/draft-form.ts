import { TICKETS } from "./labels";
import { currencyExponent } from "@/i18n/format";
import { moneyInput, parseMoney } from "./money";
import type { TDraftInput, TWheelDraft, TWheelIcon } from "./types";

/**
 * The draft editor's state: every number as typed, money as typed in major units, and each segment
 * with a key of its own so a server issue ("segments.3.weight") lands on the segment it names
 * even after segments above it were moved, added or removed.
 */
export type TSegmentForm = {
  key: string;
  id: string;
  /** Not saved yet: its id follows its label. Saved ids stay, since spins and stats record them. */
  fresh: boolean;
  label: string;
  icon: TWheelIcon;
  /** "nothing", "tickets" or "resource:<resource id>". */
  award: string;
  amount: string;
  weight: string;
  capDaily: string;
  capTotal: string;
  /** Language code → the label in that language ("" or absent: as written). */
  labelTranslations: Record<string, string>;
};

export type TDraftForm = {
  free: string;
  max: string;
  ticketCost: string;
  budgetDaily: string;
  budgetTotal: string;
  /** Resource id → what one unit costs the operator, as typed money. */
  costs: Record<string, string>;
  rulesText: string;
  /** The language `rulesText` is written in; "" means the project's default language. */
  rulesLanguage: string;
  /** Language code → the rules in that language ("" or absent: none; the wheel is not offered in it). */
  rulesTranslations: Record<string, string>;
  orgName: string;
  orgAddress: string;
  orgContact: string;
  orgUrl: string;
  segments: TSegmentForm[];
  /** The project's currency (ISO 4217): the money fields are typed in its major unit. */
  currency: string;
};

/** Field errors: top-level fields by name ("budgetDaily", "cost:coins"), segments as `s:<key>:<field>`. */
export type TFormErrors = Record<string, string>;

let seq = 0;
const newKey = () => `seg-${++seq}`;

function awardValue(award: TWheelDraft["segments"][number]["award"]): string {
  return award.type === "resource" ? `resource:${award.resource_id}` : award.type;
}

/** The economy resource a segment's award credits, if any. */
export function awardedResource(s: Pick<TSegmentForm, "award">): string | null {
  return s.award === "tickets" ? TICKETS : s.award.startsWith("resource:") ? s.award.slice("resource:".length) : null;
}

export function toForm(d: TWheelDraft, currency: string): TDraftForm {
  const o = d.rules.organizer;
  return {
    free: String(d.free_spins_per_day),
    max: String(d.max_spins_per_day),
    ticketCost: String(d.ticket_cost),
    budgetDaily: moneyInput(d.budget_daily_minor, currency),
    budgetTotal: moneyInput(d.budget_total_minor, currency),
    costs: Object.fromEntries(Object.entries(d.resource_costs_minor).map(([k, v]) => [k, moneyInput(v, currency)])),
    rulesText: d.rules.text,
    rulesLanguage: d.rules.language ?? "",
    rulesTranslations: { ...(d.rules.translations ?? {}) },
    orgName: o.name,
    orgAddress: o.address ?? "",
    orgContact: o.contact ?? "",
    orgUrl: o.url ?? "",
    segments: d.segments.map((s) => ({
      key: newKey(),
      id: s.id,
      fresh: false,
      label: s.label,
      icon: s.icon,
      award: awardValue(s.award),
      amount: s.award.type === "nothing" ? "1" : String(s.award.amount),
      weight: String(s.weight),
      capDaily: s.caps.daily === null ? "" : String(s.caps.daily),
      capTotal: s.caps.total === null ? "" : String(s.caps.total),
      labelTranslations: { ...(s.label_translations ?? {}) },
    })),
    currency,
  };
}

/** A segment id from its label: lowercase, digits and _, starting with a letter, unique on the wheel. */
function idFromLabel(label: string, taken: Set<string>): string {
  let base = label
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 28);
  if (!base) base = "segment";
  if (!/^[a-z]/.test(base)) base = `s_${base}`.slice(0, 28);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}_${n}`;
  return id;
}

export function newSegment(form: TDraftForm, resources: string[]): TSegmentForm {
  const taken = new Set(form.segments.map((s) => s.id));
  const award = resources.includes(TICKETS) ? "tickets" : resources[0] ? `resource:${resources[0]}` : "nothing";
  return { key: newKey(), id: idFromLabel("prize", taken), fresh: true, label: "", icon: "gift", award, amount: "1", weight: "10", capDaily: "", capTotal: "", labelTranslations: {} };
}

/** Applies a change to one segment; a fresh segment's id follows its new label. */
export function patchSegment(form: TDraftForm, key: string, patch: Partial<TSegmentForm>): TSegmentForm[] {
  return form.segments.map((s) => {
    if (s.key !== key) return s;
    const next = { ...s, ...patch };
    if (next.fresh && patch.label !== undefined) next.id = idFromLabel(next.label, new Set(form.segments.filter((x) => x.key !== key).map((x) => x.id)));
    return next;
  });
}

/** Resources whose unit cost the form asks for: every awarded one, and any already priced. */
export function costRows(form: TDraftForm): Array<{ resource: string; awarded: boolean }> {
  const awarded = new Set(form.segments.flatMap((s) => awardedResource(s) ?? []));
  const all = [...new Set([...awarded, ...Object.keys(form.costs)])];
  return all.map((resource) => ({ resource, awarded: awarded.has(resource) }));
}

/** The form without its row keys, for "has anything changed?". */
function comparable(f: TDraftForm): string {
  return JSON.stringify({ ...f, segments: f.segments.map(({ key: _k, fresh: _f, ...rest }) => rest) });
}
export const sameForm = (a: TDraftForm, b: TDraftForm) => comparable(a) === comparable(b);

const WHOLE = /^-?\d+$/;
const whole = (v: string) => Number(v.trim());
const optionalWhole = (v: string) => (v.trim() === "" ? null : whole(v));

/** What the form can tell is wrong before asking the server (which checks everything else). */
export function localErrors(f: TDraftForm): TFormErrors {
  const out: TFormErrors = {};
  const count = (field: keyof TDraftForm, v: string) => {
    if (!WHOLE.test(v.trim())) out[field] = "Enter a whole number.";
  };
  const money = (field: string, v: string) => {
    if (parseMoney(v, f.currency) === null) out[field] = `Enter an amount like ${moneyInput(2500 * 10 ** Math.max(0, currencyExponent(f.currency) - 2), f.currency)}.`;
  };
  count("free", f.free);
  count("max", f.max);
  count("ticketCost", f.ticketCost);
  money("budgetDaily", f.budgetDaily);
  money("budgetTotal", f.budgetTotal);
  for (const { resource } of costRows(f)) money(`cost:${resource}`, f.costs[resource] ?? "");
  for (const s of f.segments) {
    const e = (field: string, m: string) => (out[`s:${s.key}:${field}`] = m);
    if (!WHOLE.test(s.weight.trim())) e("weight", "Enter a whole number.");
    if (s.award !== "nothing" && !WHOLE.test(s.amount.trim())) e("amount", "Enter a whole number.");
    if (s.capDaily.trim() !== "" && !WHOLE.test(s.capDaily.trim())) e("capDaily", "A whole number, or empty for no cap.");
    if (s.capTotal.trim() !== "" && !WHOLE.test(s.capTotal.trim())) e("capTotal", "A whole number, or empty for no cap.");
  }
  return out;
}

/** The translations typed, without empty ones or the original's own language; undefined when none. */
function filled(m: Record<string, string>, own: string): Record<string, string> | undefined {
  const out = Object.fromEntries(Object.entries(m).filter(([lang, v]) => v.trim() !== "" && lang !== own).map(([lang, v]) => [lang, v.trim()]));
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The PUT body (call after `localErrors` found nothing). Costs of resources the form no longer lists are dropped. */
export function toDraftInput(f: TDraftForm): TDraftInput {
  const optional = (v: string) => (v.trim() === "" ? undefined : v.trim());
  return {
    free_spins_per_day: whole(f.free),
    max_spins_per_day: whole(f.max),
    ticket_cost: whole(f.ticketCost),
    budget_daily_minor: parseMoney(f.budgetDaily, f.currency)!,
    budget_total_minor: parseMoney(f.budgetTotal, f.currency)!,
    resource_costs_minor: Object.fromEntries(costRows(f).map(({ resource }) => [resource, parseMoney(f.costs[resource] ?? "", f.currency)!])),
    rules: {
      text: f.rulesText,
      language: f.rulesLanguage || undefined,
      translations: filled(f.rulesTranslations, f.rulesLanguage),
      organizer: { name: f.orgName.trim(), address: optional(f.orgAddress), contact: optional(f.orgContact), url: optional(f.orgUrl) },
    },
    segments: f.segments.map((s) => {
      const resource = awardedResource(s);
      const award =
        s.award === "nothing"
          ? ({ type: "nothing" } as const)
          : s.award === "tickets"
            ? ({ type: "tickets", amount: whole(s.amount) } as const)
            : ({ type: "resource", resource_id: resource!, amount: whole(s.amount) } as const);
      return {
        id: s.id,
        label: s.label,
        label_translations: filled(s.labelTranslations, ""),
        icon: s.icon,
        award,
        weight: whole(s.weight),
        caps: { daily: optionalWhole(s.capDaily), total: optionalWhole(s.capTotal) },
      };
    }),
  };
}

/** Weights as typed, for the preview and the chances shown while editing (unreadable ones count 0). */
export function liveWeights(f: TDraftForm): number[] {
  return f.segments.map((s) => {
    const w = Number(s.weight.trim());
    return Number.isFinite(w) && w > 0 ? w : 0;
  });
}
