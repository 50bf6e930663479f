import { COOLDOWN_UNITS, fromLocalInput, splitSeconds, toLocalInput, type TCooldownUnit } from "../_rewards/format";
import type { TCampaign, TCampaignInput } from "../_rewards/types";

/**
 * The campaign form's state: every input as the admin typed it (strings), turned into the API's
 * shape by `draftToInput`. Errors are keyed by the server's issue paths
 * ("trigger_params.level_max"), so client and server problems land beside the same field.
 */
export type TTriggerType = "game_won" | "track_completed" | "streak_reached";
export type TRewardType = "promo_code" | "points" | "free_shipping" | "gift" | "custom";
export type TStatus = "active" | "paused" | "archived";

export type TDraft = {
  name: string;
  status: TStatus;
  trigger_type: TTriggerType;
  mechanic: string;
  level_min: string;
  level_max: string;
  first_completion_only: boolean;
  days: string;
  reward_type: TRewardType;
  discount_kind: "percent" | "amount";
  discount_percent: string;
  discount_amount: string;
  currency: string;
  code_prefix: string;
  valid_days: string;
  points: string;
  min_order: string;
  sku: string;
  custom_json: string;
  /** Metadata keys this form has no field for, kept as they were (they reach the integrator). */
  extra: Record<string, unknown>;
  extra_for: TRewardType | null;
  max_per_user: string;
  max_total: string;
  cooldown_amount: string;
  cooldown_unit: TCooldownUnit;
  starts_at: string;
  ends_at: string;
  webhook_url: string;
  /** Language code → what winners read ("" or absent: no message in that language). */
  player_message: Record<string, string>;
};

export type TErrors = Record<string, string>;

const KNOWN_META = ["discount_percent", "discount_minor", "currency", "code_prefix", "valid_days", "amount", "min_order_minor", "sku"];

/** A new campaign's form; money in the project's currency. */
export function emptyDraft(mechanic: string | null, currency = "EUR"): TDraft {
  return {
    name: "",
    status: "active",
    trigger_type: "game_won",
    mechanic: mechanic ?? "",
    level_min: "",
    level_max: "",
    first_completion_only: true,
    days: "7",
    reward_type: "promo_code",
    discount_kind: "percent",
    discount_percent: "10",
    discount_amount: "",
    currency,
    code_prefix: "",
    valid_days: "",
    points: "100",
    min_order: "",
    sku: "",
    custom_json: "{\n  \n}",
    extra: {},
    extra_for: null,
    max_per_user: "1",
    max_total: "",
    cooldown_amount: "0",
    cooldown_unit: "hours",
    starts_at: "",
    ends_at: "",
    webhook_url: "",
    player_message: {},
  };
}

/** Decimal places of a currency's minor unit (EUR 2, JPY 0); 2 when the code is unknown. */
function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

const text = (v: unknown) => (v === undefined || v === null ? "" : String(v));

/** An existing campaign's form; an amount without its own currency is in the project's (as Insights values it). */
export function draftFromCampaign(c: TCampaign, projectCurrency = "EUR"): TDraft {
  const p = c.trigger_params;
  const m = c.reward_metadata;
  const currency = typeof m.currency === "string" ? m.currency : projectCurrency;
  const major = (minor: unknown) => (typeof minor === "number" ? String(minor / 10 ** minorDigits(currency)) : "");
  const cooldown = splitSeconds(c.cooldown_seconds);
  const custom = c.reward_type === "custom";
  return {
    ...emptyDraft(null, currency),
    name: c.name,
    status: c.status,
    trigger_type: c.trigger_type as TTriggerType,
    mechanic: text(p.mechanic),
    level_min: text(p.level_min),
    level_max: text(p.level_max),
    first_completion_only: p.first_completion_only !== false,
    days: text(p.days) || "7",
    reward_type: c.reward_type as TRewardType,
    discount_kind: m.discount_minor !== undefined && m.discount_percent === undefined ? "amount" : "percent",
    discount_percent: text(m.discount_percent),
    discount_amount: major(m.discount_minor),
    currency,
    code_prefix: text(m.code_prefix),
    valid_days: text(m.valid_days),
    points: text(m.amount),
    min_order: major(m.min_order_minor),
    sku: text(m.sku),
    custom_json: custom ? JSON.stringify(m, null, 2) : "{\n  \n}",
    extra: custom ? {} : Object.fromEntries(Object.entries(m).filter(([k]) => !KNOWN_META.includes(k))),
    extra_for: custom ? null : (c.reward_type as TRewardType),
    max_per_user: String(c.max_per_user),
    max_total: text(c.max_total),
    cooldown_amount: cooldown.amount,
    cooldown_unit: cooldown.unit,
    starts_at: toLocalInput(c.starts_at),
    ends_at: toLocalInput(c.ends_at),
    webhook_url: c.webhook_url ?? "",
    player_message: { ...c.player_message },
  };
}

/** Parses a whole number field; `problems[path]` explains a bad value. */
function int(value: string, path: string, problems: TErrors, opts: { min: number; max?: number; optional?: boolean }): number | undefined {
  const v = value.trim();
  if (v === "") {
    if (!opts.optional) problems[path] = "Required.";
    return undefined;
  }
  const n = Number(v);
  if (!Number.isInteger(n)) problems[path] = "Use a whole number.";
  else if (n < opts.min) problems[path] = `At least ${opts.min}.`;
  else if (opts.max !== undefined && n > opts.max) problems[path] = `At most ${opts.max.toLocaleString()}.`;
  return n;
}

function toMinor(value: string, currency: string, path: string, problems: TErrors, optional: boolean): number | undefined {
  const v = value.trim().replace(",", ".");
  if (v === "") {
    if (!optional) problems[path] = "Required.";
    return undefined;
  }
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) {
    problems[path] = "Use an amount above 0.";
    return undefined;
  }
  return Math.round(n * 10 ** minorDigits(currency));
}

export function parseCustomJson(source: string): { value?: Record<string, unknown>; error?: string } {
  try {
    const v: unknown = JSON.parse(source.trim() === "" ? "{}" : source);
    if (!v || typeof v !== "object" || Array.isArray(v)) return { error: "Use a JSON object, like {\"tier\": \"gold\"}." };
    const bytes = new TextEncoder().encode(JSON.stringify(v)).length;
    if (bytes > 4096) return { error: `Too large: ${bytes.toLocaleString()} of 4,096 bytes.` };
    return { value: v as Record<string, unknown> };
  } catch (e) {
    return { error: `Not valid JSON: ${e instanceof Error ? e.message : "parse error"}` };
  }
}

function triggerParams(d: TDraft, problems: TErrors): Record<string, unknown> {
  if (d.trigger_type === "streak_reached") return { days: int(d.days, "trigger_params.days", problems, { min: 2, max: 365 }) };
  const params: Record<string, unknown> = {};
  if (d.mechanic) params.mechanic = d.mechanic;
  if (d.trigger_type === "track_completed") return params;
  const min = int(d.level_min, "trigger_params.level_min", problems, { min: 1, max: 10_000, optional: true });
  const max = int(d.level_max, "trigger_params.level_max", problems, { min: 1, max: 10_000, optional: true });
  if (min !== undefined && max !== undefined && min > max && !problems["trigger_params.level_max"]) problems["trigger_params.level_max"] = "Must not be below the first level.";
  if (min !== undefined) params.level_min = min;
  if (max !== undefined) params.level_max = max;
  params.first_completion_only = d.first_completion_only;
  return params;
}

function rewardMetadata(d: TDraft, problems: TErrors): Record<string, unknown> {
  const extra = d.extra_for === d.reward_type ? d.extra : {};
  const m: Record<string, unknown> = { ...extra };
  const currency = d.currency.trim().toUpperCase();
  const needCurrency = () => {
    if (!/^[A-Z]{3}$/.test(currency)) problems["reward_metadata.currency"] = "Use a 3-letter code like EUR.";
    m.currency = currency;
  };
  switch (d.reward_type) {
    case "promo_code": {
      if (d.discount_kind === "percent") {
        const pct = Number(d.discount_percent.trim().replace(",", "."));
        if (d.discount_percent.trim() === "" || !Number.isFinite(pct) || pct <= 0 || pct > 100) problems["reward_metadata.discount_percent"] = "Between 0 and 100.";
        m.discount_percent = pct;
      } else {
        needCurrency();
        m.discount_minor = toMinor(d.discount_amount, currency, "reward_metadata.discount_minor", problems, false);
      }
      if (d.code_prefix.trim()) m.code_prefix = d.code_prefix.trim();
      const days = int(d.valid_days, "reward_metadata.valid_days", problems, { min: 1, max: 3650, optional: true });
      if (days !== undefined) m.valid_days = days;
      return m;
    }
    case "points":
      m.amount = int(d.points, "reward_metadata.amount", problems, { min: 1 });
      return m;
    case "free_shipping": {
      const min = toMinor(d.min_order, currency, "reward_metadata.min_order_minor", problems, true);
      if (min !== undefined) {
        m.min_order_minor = min;
        needCurrency();
      }
      return m;
    }
    case "gift":
      if (!d.sku.trim()) problems["reward_metadata.sku"] = "Enter the SKU your shop grants.";
      m.sku = d.sku.trim();
      return m;
    case "custom": {
      const parsed = parseCustomJson(d.custom_json);
      if (parsed.error) problems.reward_metadata = parsed.error;
      return parsed.value ?? {};
    }
  }
}

/** The API body for the draft, or the problems to show beside their fields. */
export function draftToInput(d: TDraft): { input: TCampaignInput | null; problems: TErrors } {
  const problems: TErrors = {};
  if (!d.name.trim()) problems.name = "Give the campaign a name.";
  const trigger_params = triggerParams(d, problems);
  const reward_metadata = rewardMetadata(d, problems);
  const maxPerUser = int(d.max_per_user, "max_per_user", problems, { min: 1, max: 10_000 });
  const maxTotal = int(d.max_total, "max_total", problems, { min: 1, max: 100_000_000, optional: true });
  if (maxTotal !== undefined && maxPerUser !== undefined && maxTotal < maxPerUser && !problems.max_total) problems.max_total = "Must be at least the rewards per player.";
  const unit = COOLDOWN_UNITS.find((u) => u.value === d.cooldown_unit)!;
  const cooldown = int(d.cooldown_amount || "0", "cooldown_seconds", problems, { min: 0 });
  const cooldownSeconds = (cooldown ?? 0) * unit.seconds;
  if (cooldownSeconds > 366 * 86_400) problems.cooldown_seconds = "At most 366 days.";
  const startsAt = fromLocalInput(d.starts_at);
  const endsAt = fromLocalInput(d.ends_at);
  if (startsAt && endsAt && endsAt <= startsAt) problems.ends_at = "Must be after the start.";
  const url = d.webhook_url.trim();
  if (url && !/^https?:\/\/\S+$/i.test(url)) problems.webhook_url = "Use an http(s) URL.";
  if (Object.keys(problems).length > 0) return { input: null, problems };
  return {
    problems,
    input: {
      name: d.name.trim(),
      status: d.status,
      trigger_type: d.trigger_type,
      trigger_params,
      reward_type: d.reward_type,
      reward_metadata,
      max_per_user: maxPerUser!,
      max_total: maxTotal ?? null,
      cooldown_seconds: cooldownSeconds,
      starts_at: startsAt,
      ends_at: endsAt,
      webhook_url: url || null,
      player_message: Object.fromEntries(Object.entries(d.player_message).flatMap(([lang, m]) => (m.trim() ? [[lang, m.trim()]] : []))),
    },
  };
}

/** The error paths an edit of a draft field answers, so its stale messages go once it changes. */
const PATHS: Partial<Record<keyof TDraft, string[]>> = {
  trigger_type: ["trigger_type", "trigger_params"],
  mechanic: ["trigger_params.mechanic", "trigger_params"],
  level_min: ["trigger_params.level_min", "trigger_params.level_max", "trigger_params"],
  level_max: ["trigger_params.level_max", "trigger_params"],
  first_completion_only: ["trigger_params.first_completion_only", "trigger_params"],
  days: ["trigger_params.days", "trigger_params"],
  reward_type: ["reward_type", "reward_metadata"],
  discount_kind: ["reward_metadata.discount_percent", "reward_metadata.discount_minor"],
  discount_percent: ["reward_metadata.discount_percent", "reward_metadata"],
  discount_amount: ["reward_metadata.discount_minor", "reward_metadata"],
  currency: ["reward_metadata.currency", "reward_metadata"],
  code_prefix: ["reward_metadata.code_prefix", "reward_metadata"],
  valid_days: ["reward_metadata.valid_days", "reward_metadata"],
  points: ["reward_metadata.amount", "reward_metadata"],
  min_order: ["reward_metadata.min_order_minor", "reward_metadata"],
  sku: ["reward_metadata.sku", "reward_metadata"],
  custom_json: ["reward_metadata"],
  max_per_user: ["max_per_user", "max_total"],
  cooldown_amount: ["cooldown_seconds"],
  cooldown_unit: ["cooldown_seconds"],
  starts_at: ["starts_at", "ends_at"],
};

export function errorPathsOf(keys: Array<keyof TDraft>): string[] {
  return keys.flatMap((k) => PATHS[k] ?? [k]);
}
