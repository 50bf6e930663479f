import { FIGURES } from "@/i18n/figures";
import { z } from "zod";
import { CASE_PERIOD_DAYS, COHORT_DAYS, PREVIEW_EVENT_TYPES, SESSION_EVENT_TYPES, WINDOW_DAYS } from "@/server/domain/insight";
import type { TMeta } from "@/server/trpc/init";

const tags = ["Admin: analytics"];
const list = (xs: readonly string[]) => xs.map((t) => `\`${t}\``).join(" or ");
const owner = "The admin must own the project; a foreign or unknown project answers 404.";
/** The definitions every analytics route shares; repeated in each description so each stands alone. */
const terms =
  `Time zone: UTC (projects carry none) — a day is a UTC calendar day [00:00, 24:00) and "today" is the UTC date of the server's clock, so a session at 23:59 and one at 00:01 fall on different days. ` +
  `A session is a play start: one ${list(SESSION_EVENT_TYPES)} event (a game run began, or the legacy widget reported a play). An active player on a day is one with at least one session that day. ` +
  `Sessions are rolled up per project, UTC day and player in the same transaction as the event (analytics_player_day), so figures are current and their cost does not grow with the event count.`;
const dayN = (n: string) =>
  `Day-${n} return: the cohort is every player whose first-ever session fell on one of the ${COHORT_DAYS} complete UTC days whose day ${n} is already over (first day from today−${n}−${COHORT_DAYS} to today−${n}−1); a player returned when they had a session on exactly their first day + ${n}; rate = returned ÷ cohort (null when the cohort is empty).`;

export const ZProjectRequestSchema = z.object({ project_id: z.string().uuid() });

const ZReturn = z.object({ cohort: z.number().int(), returned: z.number().int(), rate: z.number().nullable() });
export const ZOverviewResponseSchema = z.object({
  timezone: z.literal("UTC"),
  today: z.string().describe("The UTC date the figures end on (YYYY-MM-DD)"),
  window_days: z.number().int(),
  session_event_types: z.array(z.string()),
  dau: z.number().int().describe(`${FIGURES.dau.definition[0]!.toUpperCase()}${FIGURES.dau.definition.slice(1)}`),
  wau: z.number().int().describe(`Distinct players with a session in the ${WINDOW_DAYS} UTC days ending today`),
  sessions: z.number().int().describe(`Sessions (plays) in the ${WINDOW_DAYS} UTC days ending today`),
  avg_session_seconds: z.number().nullable().describe("Mean run length over game runs started in the window"),
  d1_return: ZReturn,
  d7_return: ZReturn,
  preview_to_play: z.object({ previewed: z.number().int(), played: z.number().int(), rate: z.number().nullable() }),
  fraud_flags: z.number().int(),
  webhook_failures: z.number().int(),
});
export const overviewMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/analytics/overview",
    tags,
    summary: "Analytics overview",
    description:
      `${owner} ${terms} ` +
      `\`dau\`: ${FIGURES.dau.definition}. \`wau\`: distinct players with a session in the ${WINDOW_DAYS} UTC days ending today (today and the 6 before). \`sessions\`: sessions in that window. ` +
      `\`avg_session_seconds\`: the mean length of the game runs started in that window, a run lasting from its start to its end (or, while still open, its last command); null without runs. ` +
      `\`d1_return\` / \`d7_return\`: ${dayN("N")} (N = 1 and 7). ` +
      `\`preview_to_play\`: \`previewed\` = distinct players shown the widget in the window (a widget exposure with \`show_widget\` true, or a ${list(PREVIEW_EVENT_TYPES)} event); \`played\` = those of them with a session in the window; \`rate\` = played ÷ previewed. ` +
      `\`fraud_flags\`: fraud flags raised in the window (resolved or not). \`webhook_failures\`: webhook deliveries created in the window that are dead (all attempts failed) or queued after a failed attempt.`,
  },
};

export const ZFunnelRequestSchema = ZProjectRequestSchema.extend({ day_n: z.number().int().min(1).max(30).default(7) });
export const ZFunnelResponseSchema = z.object({
  timezone: z.literal("UTC"),
  day_n: z.number().int(),
  cohort_from: z.string(),
  cohort_to: z.string(),
  started: z.number().int(),
  returned_on_day_n: z.number().int(),
  completed_by_day_n: z.number().int(),
  return_rate: z.number().nullable(),
});
export const funnelMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/analytics/funnel",
    tags,
    summary: "Retention funnel",
    description:
      `${owner} ${terms} \`day_n\`: integer 1-30, default 7 (422 \`validation_error\` otherwise). ` +
      `\`started\`: the day-N cohort — players whose first-ever session fell between \`cohort_from\` and \`cohort_to\` (the ${COHORT_DAYS} complete UTC days ending day_n + 1 days ago). ` +
      `\`returned_on_day_n\`: of them, players with a session on exactly their first day + day_n. \`completed_by_day_n\`: of them, players who won a level (a game run finished won) before the end of their first day + day_n. ` +
      `\`return_rate\` = returned_on_day_n ÷ started, null when started is 0.`,
  },
};

export const ZSeriesRequestSchema = ZProjectRequestSchema.extend({ days: z.number().int().min(1).max(90).default(7) });
export const ZSeriesResponseSchema = z.object({
  timezone: z.literal("UTC"),
  days: z.number().int(),
  series: z.array(z.object({ date: z.string(), count: z.number().int().describe("Sessions that day"), players: z.number().int().describe("Active players that day") })),
  total: z.number().int(),
  previous_total: z.number().int(),
  delta_pct: z.number().nullable(),
});
export const seriesMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/analytics/session-series",
    tags,
    summary: "Sessions per day",
    description:
      `${owner} ${terms} \`days\`: integer 1-90, default 7 (422 \`validation_error\` otherwise). ` +
      `\`series\`: one entry per UTC day from today − (days − 1) to today, oldest first, days without sessions included with 0: \`count\` = sessions that day, \`players\` = active players that day. ` +
      `\`total\`: sessions in the period; \`previous_total\`: sessions in the \`days\` days just before it; \`delta_pct\` = (total − previous_total) ÷ previous_total × 100, one decimal, null when the previous period had no sessions.`,
  },
};

export const ZAbRequestSchema = ZProjectRequestSchema.extend({ experiment_key: z.string().min(1).max(64).optional() });
const ZCohortReturn = z.object({ eligible: z.number().int(), returned: z.number().int(), rate: z.number().nullable() });
export const ZAbResponseSchema = z.object({
  enabled: z.boolean(),
  exposure_mode: z.string(),
  currency: z.string(),
  experiment_key: z.string(),
  current: z.boolean(),
  cohorts: z.array(
    z.object({
      cohort: z.string(),
      players: z.number().int(),
      exposures: z.number().int(),
      plays: z.number().int(),
      wins: z.number().int(),
      d1_return: ZCohortReturn,
      d7_return: ZCohortReturn,
      rewards_granted: z.number().int(),
      cost_per_retained_player: z.number().nullable(),
      rewards_by_type: z.record(z.string(), z.number().int()),
      reward_value_minor: z.number().int(),
      rewards_with_value: z.number().int(),
      wheel_prizes: z.number().int(),
      wheel_prizes_cost_minor: z.number().int(),
      boosters_granted: z.number().int(),
      cost_minor: z.number().int(),
      cost_per_retained_player_minor: z.number().int().nullable(),
      boosters_per_retained_player: z.number().nullable(),
    }),
  ),
});
export const abMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/analytics/ab",
    tags,
    summary: "A/B cohorts",
    description:
      `${owner} ${terms} \`enabled\`: the project's exposure_mode is \`ab_test\` (players split 50/50 by a stable hash of experiment key and player into \`treatment\`, shown the widget, and \`control\`, not shown; other modes record \`all\` or \`off\`). ` +
      `Cohorts of the current experiment, or of a past one with \`experiment_key\` (restarting keeps past exposures under their key). Per cohort, counting each exposed player from the instant of their first exposure under the key: ` +
      `\`players\` exposed; \`exposures\` = visits (widget exposures more than 30 minutes apart); \`plays\` = sessions started at or after the first exposure (a session earlier on the same day, before it, is not counted); ` +
      `\`wins\` = levels won at or after the first exposure; ` +
      `\`d1_return\` / \`d7_return\`: of the players whose exposure day + N is over (\`eligible\`: the UTC day of the first exposure + N is before today), those with a session on exactly that UTC day (\`returned\`) — exposed at 23:59, a session two minutes later is a day-1 return; ` +
      `\`rewards_granted\` = reward claims created at or after the first exposure that are deliverable now (granted at once, or held and released later); \`cost_per_retained_player\` = rewards_granted ÷ d7 returned players (rewards per retained player; null when none returned). ` +
      `**What retention costs** (money in minor units of the project's \`currency\`, as on the wheel: cents for USD, whole yen for JPY): \`rewards_by_type\` = those granted rewards by their campaign's \`reward_type\` (types with none left out; a type no longer offered — a claim whose campaign is gone — counts as \`other\`); \`reward_value_minor\` = their declared value, the campaign's \`reward_metadata.discount_minor\` where given (in the project's currency, or with a metadata \`currency\` equal to it), \`rewards_with_value\` how many had one — a reward without a declared value (points, a gift) counts in \`rewards_by_type\` but adds no money; ` +
      `\`wheel_prizes\` = wheel landings whose award cost something since the exposure and \`wheel_prizes_cost_minor\` what they cost (amount × the wheel's \`resource_costs_minor\` when they landed); \`boosters_granted\` = boosters the cohort's players were given (bought in the shop) since the exposure; ` +
      `\`cost_minor\` = reward_value_minor + wheel_prizes_cost_minor; \`cost_per_retained_player_minor\` = cost_minor ÷ d7 returned players, rounded to a whole minor unit, and \`boosters_per_retained_player\` (two decimals), both null when none returned. ` +
      `Each exposure row carries these counts, kept in the same transaction as the session, result or claim, so the cost follows the number of exposed players, not the event count.`,
  },
};

export const ZCaseResponseSchema = z.object({
  project_name: z.string(),
  timezone: z.literal("UTC"),
  period: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  players: z.number().int(),
  new_players: z.number().int(),
  sessions: z.number().int(),
  returning_players: z.number().int(),
  d7_return_rate: z.number().nullable(),
  levels_won: z.number().int(),
  rewards_granted: z.number().int(),
  webhooks_delivered: z.number().int(),
  webhooks_failed: z.number().int(),
  summary: z.string().describe("The same figures as a paragraph to paste into a report"),
});
export const caseMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/analytics/case",
    tags,
    summary: "Case study",
    description:
      `${owner} ${terms} The project's impact over the last ${CASE_PERIOD_DAYS} UTC days ending today (\`period\`): \`players\` = active players; \`new_players\` = players whose first-ever session is in the period; \`sessions\`; ` +
      `\`returning_players\` = players active on at least two different days of the period; \`d7_return_rate\` as in analytics/overview; \`levels_won\` = game runs finished won; \`rewards_granted\` = reward claims created in the period that are deliverable; ` +
      `\`webhooks_delivered\` / \`webhooks_failed\` = webhook deliveries created in the period that were delivered / died after all retries. \`summary\` says the same in plain text, ready to paste.`,
  },
};

const ZEntryPlayer = { player: z.string().describe("The external user id of a verified player; a short keyed hash (`anon-…`) otherwise"), verified: z.boolean() };
export const ZLeaderboardResponseSchema = z.object({
  mechanic: z.string().nullable(),
  levels: z.array(z.object({ level_number: z.number().int(), entries: z.array(z.object({ rank: z.number().int(), ...ZEntryPlayer, best_score: z.number().int(), completions: z.number().int() })) })),
  overall: z.array(z.object({ rank: z.number().int(), ...ZEntryPlayer, total_score: z.number().int(), levels: z.number().int() })),
});
export const leaderboardMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/leaderboard",
    tags,
    summary: "Leaderboard",
    description:
      `${owner} For the project's current game (\`mechanic\`; empty without one): per level the 10 best scores (each player's best score on that level, ties by id), and \`overall\` the 10 highest totals of a player's best scores across the levels. ` +
      `A verified player (named by the integrator's server through a server-issued session) is shown by their external user id; an anonymous widget player (\`anon_…\` id) only by a short keyed hash, stable within the project, not reversible and not linkable across projects.`,
  },
};

export const ZRestartResponseSchema = z.object({ experiment_key: z.string(), previous_experiment_key: z.string(), restarted_at: z.string() });
export const restartMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/experiment/restart",
    tags,
    summary: "Restart the A/B experiment",
    description: `${owner} Issues a new \`experiment_key\`: from now on every player is bucketed anew and exposures are recorded under the new key; past exposures stay under the previous key (readable with analytics/ab?experiment_key=). Writes an audit entry \`experiment.restarted\`.`,
  },
};
