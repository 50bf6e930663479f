import { z } from "zod";
import { FAIRNESS_SCHEME, SPIN_MAX_BODY_BYTES, WHEEL_ICONS, WHEEL_IDS } from "@/server/domain/money";
import type { TMeta } from "@/server/trpc/init";
import { isLanguageTag } from "@/i18n/languages";

const tags = ["Prize wheel"];
const noStore = "Answered with `Cache-Control: no-store`.";

const FAIRNESS_DOC = `**Provable fairness** (scheme \`${FAIRNESS_SCHEME}\`). Before a spin the player holds a commitment: \`fairness.next_server_seed_hash\` of GET /v1/wheel is SHA-256 of the server seed (64 hex characters from a CSPRNG) that their next spin of that wheel will use, with \`next_nonce\`. The client then picks \`spin_id\` (the client seed) and spins. The spin reveals \`server_seed\`; anyone can check that (1) SHA-256(server_seed) = the \`server_seed_hash\` shown before; (2) digest = HMAC-SHA256(key = server_seed as text, message = "<spin_id>:<nonce>"), and \`roll_hex\` = its first 13 hex digits (R, 0 ≤ R < 2^52; \`roll\` = R / 2^52); (3) \`weights_commitment\` is the one GET /v1/wheel showed for that \`wheel_version\`. The weights stay secret from players, so a player cannot map R to a segment themselves: each published version commits to its weight table as SHA-256("<weights_salt>:<table>"), table = compact JSON \`[["<segment id>", weight], …]\` in segment order. The operator can hand the table and \`weights_salt\` (admin stats) to an auditor or regulator, who checks the commitment and recomputes every spin: ticket = floor(R × W / 2^52) with W the sum of weights; the drawn segment is the first whose cumulative weight exceeds ticket (\`drawn_segment_id\`, \`drawn_segment_index\`). When the drawn award would exceed the daily or total budget or a segment cap, the spin lands on a \`nothing\` segment instead, chosen by the same R over the nothing segments' weights, and says so: \`substituted: true\` (the draw itself is still verifiable). What no one outside can verify: that the operator did not read upcoming seeds (they are stored encrypted) — the usual limit of commit-reveal schemes; a spin whose player never read GET /v1/wheel before had its seed committed in the spin itself.`;

const ZWheelIdSchema = z.enum(WHEEL_IDS);
const ZPublicAwardSchema = z.object({ type: z.enum(["tickets", "resource"]), resource_id: z.string(), amount: z.number().int() }).nullable().describe("null: the segment awards nothing");

export const ZWheelEntitlementSchema = z.object({
  day: z.string().describe("The wheel's calendar day (YYYY-MM-DD) in its time zone"),
  spins_today: z.number().int(),
  free_spins_left: z.number().int(),
  paid_spins_left: z.number().int().describe("Spins left today that cost `ticket_cost` tickets each"),
  ticket_cost: z.number().int(),
  resets_at: z.string().describe("The next midnight in the wheel's time zone"),
});

export const ZSpinSchema = z.object({
  spin_id: z.string().uuid(),
  wheel_id: ZWheelIdSchema,
  wheel_version: z.number().int(),
  source: z.string(),
  kind: z.enum(["free", "ticket"]),
  tickets_spent: z.number().int(),
  segment: z.object({ id: z.string(), index: z.number().int(), label: z.string(), icon: z.enum(WHEEL_ICONS), icon_url: z.string() }).describe("Where the wheel stops"),
  award: ZPublicAwardSchema.describe("What was credited to the player's balance (in the spin's transaction); null for nothing"),
  substituted: z.boolean().describe("The drawn award was over a budget or cap, so the spin landed on a no-cost segment"),
  seen: z.boolean(),
  seen_at: z.string().nullable(),
  created_at: z.string(),
  fairness: z.object({
    scheme: z.literal(FAIRNESS_SCHEME),
    server_seed_hash: z.string(),
    server_seed: z.string(),
    client_seed: z.string().describe("The spin_id"),
    nonce: z.number().int(),
    roll_hex: z.string(),
    roll: z.number(),
    drawn_segment_id: z.string(),
    drawn_segment_index: z.number().int(),
    weights_commitment: z.string(),
  }),
});

export const ZWheelRequestSchema = z.object({
  wheel_id: ZWheelIdSchema.default("daily"),
  lang: z
    .string()
    .refine(isLanguageTag, "a language tag such as de or pt-BR")
    .optional()
    .describe("The language wanted (BCP 47), before the request's `Accept-Language` (the play shell sends its own language there)"),
});
export const ZWheelResponseSchema = z.object({
  wheel_id: ZWheelIdSchema,
  version: z.number().int().describe("Send it as `wheel_version` when spinning"),
  published_at: z.string(),
  timezone: z.string(),
  segments: z.array(z.object({ id: z.string(), index: z.number().int(), label: z.string(), icon: z.enum(WHEEL_ICONS), icon_url: z.string(), award: ZPublicAwardSchema })),
  free_spins_per_day: z.number().int(),
  max_spins_per_day: z.number().int(),
  ticket_cost: z.number().int(),
  rules: z
    .object({
      text: z.string().describe("The rules in `lang`"),
      organizer: z.object({ name: z.string(), address: z.string().optional(), contact: z.string().optional(), url: z.string().optional() }),
      lang: z
        .string()
        .describe(
          "The language the wheel speaks: the first of `lang` and `Accept-Language` its rules are written in, else the rules' own language. The rules are legal text: a player whose language has none sees the wheel screen in this language (the play shell switches to it), never rules in one language beside a screen in another. Segment labels are in this language where the admin translated them",
        ),
      languages: z.array(z.string()).describe("Every language the rules are written in, their own language first"),
    })
    .describe("The wheel's rules as the player reads them"),
  entitlement: ZWheelEntitlementSchema.extend({ ticket_balance: z.number().int() }),
  pending: ZSpinSchema.nullable().describe("The latest spin not yet marked seen"),
  fairness: z.object({ scheme: z.literal(FAIRNESS_SCHEME), next_server_seed_hash: z.string(), next_nonce: z.number().int(), weights_commitment: z.string() }),
  server_time: z.string(),
});
export const wheelMeta: TMeta = {
  limits: [{ policies: ["wheelReads"], when: "first" }],
  auth: "session",
  errors: ["forbidden", "wheel_config_missing", "rate_limited"],
  openapi: {
    method: "GET",
    path: "/v1/wheel",
    tags,
    summary: "The published wheel",
    description: `\`wheel_id\`: \`daily\` (default) or \`site\`. Segments with their labels, icons and awards, never their weights, caps or costs; the player's entitlement for the wheel's day (free spins first, then paid spins up to \`max_spins_per_day\`), their latest unseen spin, and the fairness commitment for their next spin. Unpublished: 409 \`wheel_config_missing\`. Anonymous sessions only in \`free_play\` projects (403 \`forbidden\` otherwise). 30 per minute per player, shared with spin reads and \`seen\`. ${noStore} ${FAIRNESS_DOC}`,
  },
};

export const ZSpinRequestSchema = z
  .object({
    spin_id: z.string().uuid().describe("Client-chosen; the idempotency key and the client seed"),
    wheel_id: ZWheelIdSchema,
    wheel_version: z.number().int().min(1),
    source: z.string().regex(/^[a-z0-9_.-]{1,32}$/).describe("Where the spin started, e.g. `lobby`"),
  })
  .strict();
export const spinMeta: TMeta = {
  limits: [{ policies: ["wheelSpinMinute", "wheelSpinHour"], when: "replay_first" }],
  erasedSessions: "in_domain",
  auth: "session",
  errors: ["origin_not_allowed", "forbidden", "wheel_config_missing", "wheel_version_stale", "wheel_spins_exhausted", "insufficient_balance", "economy_disabled", "idempotency_conflict", "fraud_blocked", "rate_limited"],
  openapi: {
    method: "POST",
    path: "/v1/wheel/spins",
    tags,
    summary: "Spin the wheel",
    description: `Body at most ${SPIN_MAX_BODY_BYTES} bytes (413). The \`Origin\` header must be the API origin. A durable \`spin_id\` repeated with the same body answers the stored spin before any quota; with another body 409 \`idempotency_conflict\`, as is one used before the player's data was erased (that spin is kept, anonymised, for the wheel's accounts, and is not paid again). Then: 6 spins a minute and 30 an hour per player (429); \`wheel_version\` must be the published one (409 \`wheel_version_stale\` with \`current_version\`); the day's entitlement: free spins first, then \`ticket_cost\` tickets debited through the ledger (source \`wheel_ticket\`; 409 \`insufficient_balance\` without them, nothing written), at most \`max_spins_per_day\` (409 \`wheel_spins_exhausted\` with \`resets_at\`). The award (tickets or a resource) is credited through the ledger (source \`wheel_award\`) in the spin's transaction. Budgets are never exceeded: an award over the daily or total budget or a cap lands on a no-cost segment (\`substituted\`). ${noStore} ${FAIRNESS_DOC}`,
  },
};

export const ZSpinIdRequestSchema = z.object({ spin_id: z.string().uuid() });
export const spinGetMeta: TMeta = {
  limits: [{ policies: ["wheelReads"], when: "first" }],
  auth: "session",
  errors: ["not_found", "rate_limited"],
  openapi: { method: "GET", path: "/v1/wheel/spins/{spin_id}", tags, summary: "Read a spin", description: `Owner only (another player's spin is 404). Wheel reads, spin reads and \`seen\` share 30 per minute per player. ${noStore}` },
};
export const seenMeta: TMeta = {
  limits: [{ policies: ["wheelReads"], when: "handler" }],
  auth: "session",
  errors: ["not_found", "origin_not_allowed", "rate_limited"],
  openapi: {
    method: "POST",
    path: "/v1/wheel/spins/{spin_id}/seen",
    tags,
    summary: "Mark a spin seen",
    description: `The client has shown the result, so the spin is no longer pending (lobby, GET /v1/wheel). Idempotent: \`seen_at\` keeps the first time. Owner only (404). The \`Origin\` header must be the API origin. Shares 30 per minute per player with wheel and spin reads. ${noStore}`,
  },
};
