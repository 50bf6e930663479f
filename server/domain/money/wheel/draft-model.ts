import { z } from "zod";
import type { TEconomyConfig } from "@/server/domain/money/economy/config";
import { isOwnResource } from "@/server/domain/money/economy/names";
import { AppError } from "@/server/errors/app-error";
import { sha256Hex } from "@/server/lib/hash";
import { writeJson } from "@/server/lib/json-walk";
import { CATALOGUES, sayIn } from "@/i18n/catalogue";
import { LANGUAGE_CODES, offeredLanguages, SOURCE_LANGUAGE } from "@/i18n/languages";

/**
 * A wheel's configuration: what an admin edits as the draft and what a published version
 * freezes. Awards are economy resources; budgets are money. The bridge is
 * `resource_costs_minor`: what one unit of each awarded resource costs the operator in minor
 * currency units (cents), so a segment's cost is `amount × resource_costs_minor[resource]` and
 * the daily and total budgets (`budget_*_minor`) are checked against those costs. A `nothing`
 * segment costs nothing and is where a spin lands when an award would break a budget or a cap.
 */
export const WHEEL_IDS = ["daily", "site"] as const;
export type TWheelId = (typeof WHEEL_IDS)[number];
export const WHEEL_ICONS = ["ticket", "coin", "star", "gift", "trophy", "heart", "lightning", "try_again"] as const;
export type TWheelIcon = (typeof WHEEL_ICONS)[number];
/** The economy resource a paid spin costs and a `tickets` award grants. */
export const TICKET_RESOURCE_ID = "tickets";

const ZId = z.string().regex(/^[a-z][a-z0-9_]{0,31}$/, "lowercase letters, digits and _, starting with a letter, at most 32");
const ZCount = (max: number) => z.number().int().min(0).max(max);
const ZLanguage = z.string().refine((c) => LANGUAGE_CODES.includes(c), { message: `one of the play shell's languages (${LANGUAGE_CODES.join(", ")})` });
const MAX_AWARD_COST_MINOR = 1_000_000_000_000;

const ZWheelAwardSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("tickets"), amount: z.number().int().min(1).max(1_000_000) }).strict(),
  z.object({ type: z.literal("resource"), resource_id: ZId, amount: z.number().int().min(1).max(1_000_000_000) }).strict(),
  z.object({ type: z.literal("nothing") }).strict(),
]);
export type TWheelAward = z.output<typeof ZWheelAwardSchema>;

const ZWheelSegmentSchema = z
  .object({
    id: ZId,
    label: z.string().trim().min(1).max(40),
    label_translations: z
      .record(ZLanguage, z.string().trim().min(1).max(40))
      .optional()
      .describe("The label in other languages, by language code; players whose wheel speaks a language without one read `label` as written"),
    icon: z.enum(WHEEL_ICONS),
    award: ZWheelAwardSchema,
    weight: z.number().int().min(1).max(1_000_000).describe("Relative chance; secret from players"),
    caps: z
      .object({
        daily: z.number().int().min(1).max(1_000_000_000).nullable().default(null).describe("Landings per day (wheel time zone); null: no cap"),
        total: z.number().int().min(1).max(1_000_000_000).nullable().default(null).describe("Landings over the wheel's life; null: no cap"),
      })
      .strict()
      .default({ daily: null, total: null }),
  })
  .strict();
export type TWheelSegment = z.output<typeof ZWheelSegmentSchema>;

/** The draft's fields, for request schemas that carry them beside path parameters. */
export const WHEEL_DRAFT_SHAPE = {
  free_spins_per_day: ZCount(100),
  max_spins_per_day: ZCount(1000).describe("All spins of a day, free ones included; spins beyond the free ones cost `ticket_cost` tickets"),
  ticket_cost: ZCount(1_000_000),
  segments: z.array(ZWheelSegmentSchema).min(2).max(12),
  resource_costs_minor: z.record(ZId, ZCount(1_000_000_000)).default({}).describe("Cost to the operator of one unit of each awarded resource, in minor currency units"),
  rules: z
    .object({
      text: z.string().max(4000),
      language: ZLanguage.optional().describe("The language `text` is written in; absent: the project's `default_language`"),
      translations: z
        .record(ZLanguage, z.string().trim().min(1).max(4000))
        .optional()
        .describe(
          "The rules in other languages, by language code. The rules are legal text, so the wheel speaks only a language they are written in: a player whose language has none sees the whole wheel screen in `language`, never rules in one language beside a screen in another",
        ),
      organizer: z
        .object({ name: z.string().trim().min(1).max(200), address: z.string().max(500).optional(), contact: z.string().max(320).optional(), url: z.string().url().max(2048).optional() })
        .strict(),
    })
    .strict(),
  budget_daily_minor: ZCount(1_000_000_000_000),
  budget_total_minor: ZCount(1_000_000_000_000),
};

type TDraftFields = z.output<z.ZodObject<typeof WHEEL_DRAFT_SHAPE>>;

/** Rules across fields: unique ids, a cost for every awarded resource, an uncapped no-cost fallback, max ≥ free. */
export function refineWheelDraft(d: TDraftFields, ctx: z.RefinementCtx): void {
  const ids = new Set<string>();
  d.segments.forEach((s, i) => {
    if (ids.has(s.id)) ctx.addIssue({ code: "custom", path: ["segments", i, "id"], message: "duplicate segment id" });
    ids.add(s.id);
    const resource = awardResource(s.award);
    if (resource && d.resource_costs_minor[resource] === undefined) ctx.addIssue({ code: "custom", path: ["resource_costs_minor", resource], message: "every awarded resource needs a cost" });
    // Keeps every sum of costs an exact integer in a double.
    else if (segmentCostMinor(d, s) > MAX_AWARD_COST_MINOR) ctx.addIssue({ code: "custom", path: ["segments", i, "award", "amount"], message: `the award may cost at most ${MAX_AWARD_COST_MINOR} minor units` });
    // The fallback for exhausted budgets must always be available.
    if (s.award.type === "nothing" && (s.caps.daily !== null || s.caps.total !== null)) ctx.addIssue({ code: "custom", path: ["segments", i, "caps"], message: "a nothing segment cannot be capped" });
  });
  if (!d.segments.some((s) => s.award.type === "nothing")) ctx.addIssue({ code: "custom", path: ["segments"], message: "at least one segment must award nothing (budgets fall back to it)" });
  if (d.max_spins_per_day < d.free_spins_per_day) ctx.addIssue({ code: "custom", path: ["max_spins_per_day"], message: "must be at least free_spins_per_day" });
}

export const ZWheelDraftSchema = z.object(WHEEL_DRAFT_SHAPE).strict().superRefine(refineWheelDraft);
export type TWheelDraft = z.output<typeof ZWheelDraftSchema>;

/** The economy resource an award credits, if any. */
export function awardResource(award: TWheelAward): string | null {
  return award.type === "tickets" ? TICKET_RESOURCE_ID : award.type === "resource" ? award.resource_id : null;
}

export function awardAmount(award: TWheelAward): number {
  return award.type === "nothing" ? 0 : award.amount;
}

/** What landing on the segment costs the operator, in minor units. */
export function segmentCostMinor(draft: Pick<TWheelDraft, "resource_costs_minor">, segment: TWheelSegment): number {
  const resource = awardResource(segment.award);
  return resource ? awardAmount(segment.award) * (draft.resource_costs_minor[resource] ?? 0) : 0;
}

/** Expected cost of one spin from the weights (before budget fallbacks), in minor units. */
export function expectedCostPerSpin(draft: TWheelDraft): number {
  const total = draft.segments.reduce((n, s) => n + s.weight, 0);
  return draft.segments.reduce((n, s) => n + (s.weight / total) * segmentCostMinor(draft, s), 0);
}

/** JSON with object keys sorted at every level: the same draft always serialises the same. */
export function canonicalJson(value: unknown): string {
  return writeJson(value, {
    keys: (obj) => Object.keys(obj).filter((k) => obj[k] !== undefined).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    comma: ",",
    colon: ":",
    scalar: (v) => JSON.stringify(v) ?? "",
  });
}

export function draftHash(draft: TWheelDraft): string {
  return sha256Hex(canonicalJson(draft));
}

/** Checks the draft against the project's economy (resources can change after a draft was saved). */
export function assertDraftFitsEconomy(draft: TWheelDraft, economy: TEconomyConfig, economyEnabled: boolean): void {
  const known = new Set(economy.resources.map((r) => r.id));
  const issues: Array<{ path: string; message: string }> = [];
  const usesTickets = draft.ticket_cost > 0 || draft.segments.some((s) => s.award.type === "tickets");
  if (usesTickets && !known.has(TICKET_RESOURCE_ID)) issues.push({ path: "ticket_cost", message: `the economy has no "${TICKET_RESOURCE_ID}" resource` });
  draft.segments.forEach((s, i) => {
    if (s.award.type === "resource" && !known.has(s.award.resource_id)) issues.push({ path: `segments.${i}.award.resource_id`, message: "not one of the economy's resources" });
  });
  for (const id of Object.keys(draft.resource_costs_minor)) if (!known.has(id)) issues.push({ path: `resource_costs_minor.${id}`, message: "not one of the economy's resources" });
  if (!economyEnabled && draft.segments.some((s) => s.award.type !== "nothing")) issues.push({ path: "segments", message: "the project's economy is switched off: awards cannot be credited" });
  if (issues.length > 0) throw new AppError("validation_error", `${issues[0]!.path}: ${issues[0]!.message}`, { details: { issues } });
}

/**
 * Checks the rules' language against the languages the project offers: a player whose language has
 * no rules sees the wheel in it, so the shell must be able to speak it. Translations may be in any
 * language the shell speaks (the schema checks that): one the project does not offer is kept, unused.
 */
export function assertDraftFitsLanguages(draft: TWheelDraft, project: { languages: readonly string[]; defaultLanguage: string }): void {
  const offered = offeredLanguages(project.languages);
  const own = draft.rules.language ?? project.defaultLanguage;
  const issues: Array<{ path: string; message: string }> = [];
  if (!offered.includes(own)) issues.push({ path: "rules.language", message: `not one of the languages the project offers (${offered.join(", ")}): players whose language has no rules see the wheel in this one` });
  if (draft.rules.translations?.[own] !== undefined) issues.push({ path: `rules.translations.${own}`, message: "is the language of rules.text: write it there" });
  if (issues.length > 0) throw new AppError("validation_error", `${issues[0]!.path}: ${issues[0]!.message}`, { details: { issues } });
}

/** A default text in English and, from the catalogue, in every other language the shell speaks. */
function everyLanguage(key: string, values: Record<string, number> = {}): { text: string; others: Record<string, string> } {
  const others = Object.keys(CATALOGUES).filter((c) => c !== SOURCE_LANGUAGE);
  return { text: sayIn(SOURCE_LANGUAGE, key, values)!, others: Object.fromEntries(others.map((c) => [c, sayIn(c, key, values)!])) };
}
const labelled = (key: string, values: Record<string, number> = {}) => {
  const t = everyLanguage(key, values);
  return { label: t.text, label_translations: t.others };
};
const rulesText = (key: string) => {
  const t = everyLanguage(key);
  return { text: t.text, translations: t.others };
};

/**
 * The draft a new project starts from: modest prizes in tickets and the first other resource
 * (coins by default), a no-cost "try again", small budgets, its rules and labels in every language
 * the shell speaks (the catalogue's wheel.default.*). An admin edits, simulates, publishes.
 */
export function defaultDraft(wheelId: TWheelId, economy: TEconomyConfig, projectName: string): TWheelDraft {
  const ticketResource = economy.resources.find((r) => r.id === TICKET_RESOURCE_ID) ?? null;
  const hasTickets = ticketResource !== null;
  const coinResource = economy.resources.find((r) => r.id !== TICKET_RESOURCE_ID) ?? null;
  const coins = coinResource?.id ?? null;
  // Playloop's own resources are labelled in every language; one the site named, in its name as written
  const amountOf = (resource: { id: string; name: string }, key: string) => (count: number) =>
    isOwnResource(resource) ? labelled(key, { count }) : { label: `${count} ${resource.name}`.slice(0, 40) };
  const tickets = (count: number) => amountOf(ticketResource!, "wheel.default.tickets")(count);
  const segments: TWheelDraft["segments"] = [];
  const none = { daily: null, total: null };
  if (hasTickets) segments.push({ id: "ticket_1", ...tickets(1), icon: "ticket", award: { type: "tickets", amount: 1 }, weight: 20, caps: none });
  if (coinResource && coins) {
    // Playloop's own coins are labelled in every language; a resource the site named, in its name as written
    const amount = amountOf(coinResource, "wheel.default.coins");
    segments.push({ id: "coins_10", ...amount(10), icon: "coin", award: { type: "resource", resource_id: coins, amount: 10 }, weight: 25, caps: none });
    segments.push({ id: "coins_25", ...amount(25), icon: "coin", award: { type: "resource", resource_id: coins, amount: 25 }, weight: 15, caps: none });
    segments.push({ id: "coins_100", ...amount(100), icon: "star", award: { type: "resource", resource_id: coins, amount: 100 }, weight: 4, caps: { daily: 20, total: null } });
  }
  if (hasTickets) segments.push({ id: "tickets_3", ...tickets(3), icon: "gift", award: { type: "tickets", amount: 3 }, weight: 6, caps: none });
  segments.push({ id: "try_again", ...labelled("wheel.default.try_again"), icon: "try_again", award: { type: "nothing" }, weight: 30, caps: none });
  if (segments.length < 2) segments.push({ id: "try_again_2", ...labelled("wheel.default.so_close"), icon: "heart", award: { type: "nothing" }, weight: 10, caps: none });
  const costs: Record<string, number> = {};
  if (hasTickets) costs[TICKET_RESOURCE_ID] = 10;
  if (coins) costs[coins] = 1;
  return {
    free_spins_per_day: 1,
    max_spins_per_day: wheelId === "daily" ? 3 : 1,
    ticket_cost: hasTickets ? 1 : 0,
    segments,
    resource_costs_minor: costs,
    rules: { ...rulesText("wheel.default.rules"), language: SOURCE_LANGUAGE, organizer: { name: projectName } },
    budget_daily_minor: 5_000,
    budget_total_minor: 100_000,
  };
}
