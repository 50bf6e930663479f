import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { ZPlayerId } from "@/server/routers/_shared/schemas";

const tags = ["Economy"];
const adminTags = ["Admin: economy"];
const owner = "The admin must own the project; a foreign or unknown project answers 404.";
const limits = "Limited to 120 calls a minute per project and player (balances, spend and grants together; 429 `rate_limited`).";
const ledger =
  "Every change goes through one ledger path: one transaction, the player's balance rows locked in resource order, the check, the new balance and an append-only ledger row (source, reference, idempotency key, amount, balance after). A debit that would take a balance below zero is 409 `insufficient_balance` and changes nothing (a database constraint backs this). A new player's balance of a resource starts at its configured `starting_balance`.";
const idempotency =
  "`idempotency_key` (1-128 characters) is unique within its key space: a player's spends are that player's own (another player may use the same key for a spend of their own), and the project's grants (server and admin) share one space of their own, apart from every player's. This departs from the spec's \"within a project\" on purpose: one project-wide space let a player who guessed another's key (or an integrator's order number) make that spend or grant fail with 409, and a literal reading would have answered player P's stored result — P's effect token — to player Q. In its space, a repeat with the same request answers the stored result and moves nothing; concurrent first uses all get the first winner's result; the same key with a different request (another player, booster, resource or amount) is 409 `idempotency_conflict`. A refused operation stores nothing, so its key may be used again. A repeat is answered from what was stored even if the booster has since been removed from the configuration; while the economy is switched off every call, repeats included, is 409 `economy_disabled`. A configuration change applies to the next operation on every instance.";

const ZKey = z.string().min(1).max(128);
const ZBalances = z.record(z.string(), z.number().int()).describe("New balances of the resources this operation touched");

export const ZBalancesResponseSchema = z.object({
  economy_enabled: z.boolean(),
  balances: z.array(z.object({ resource_id: z.string(), name: z.string(), balance: z.number().int() })),
  boosters: z.array(
    z.object({ booster_id: z.string(), name: z.string(), description: z.string(), mechanic: z.string(), game: z.string(), effect: z.string(), price: z.object({ resource_id: z.string(), amount: z.number().int() }) }),
  ),
  owned_boosters: z
    .array(z.object({ booster_id: z.string(), mechanic: z.string(), effect: z.string(), effect_token: z.string(), expires_at: z.string() }))
    .describe("Boosters bought and not yet played (oldest first, at most 50), each with its single-use token, so a purchase survives a lost connection or a closed tab"),
});
export const balancesMeta: TMeta = {
  limits: [{ policies: ["economy"], when: "first" }],
  auth: "session",
  errors: ["rate_limited"],
  openapi: { method: "GET", path: "/v1/economy/balances", tags, summary: "The player's balances and the boosters on sale", description: `Reads only (a balance never held shows its starting balance). \`owned_boosters\` lists the player's unused, unexpired boosters with their tokens. Names follow the language negotiated from \`Accept-Language\` (the play shell sends its own): Playloop's own resources (\`tickets\`, \`coins\`) and each game's own boosters are named in that language while the project keeps the name (and description) Playloop gave them, and \`game\` is the game's name as the lobby says it; a name or description the project wrote is answered as written, in every language. Ids, effects and prices never change. ${limits}` },
};

export const ZSpendRequestSchema = z.object({ booster_id: z.string().min(1).max(64), idempotency_key: ZKey });
export const ZSpendResponseSchema = z.object({
  booster_id: z.string(),
  effect: z.string(),
  mechanic: z.string(),
  effect_token: z.string().describe("Single use, for this player's runs of `mechanic`, for a day"),
  expires_at: z.string(),
  balances: ZBalances,
});
export const spendMeta: TMeta = {
  limits: [{ policies: ["economy"], when: "first" }],
  erasedSessions: "in_domain",
  auth: "session",
  errors: ["not_found", "insufficient_balance", "idempotency_conflict", "economy_disabled", "fraud_blocked", "rate_limited"],
  openapi: {
    method: "POST",
    path: "/v1/economy/spend",
    tags,
    summary: "Buy a booster",
    description: `Debits the booster's price and issues its \`effect_token\`. Play it in a run of the booster's game with a command \`{ action: "booster", payload: { effect, effect_token, … } }\` (match3 \`shuffle\`, \`hammer\` with \`cell\` {row, col}; memory \`peek\`; parcel pilot \`extra_fuel\`): the engine applies it deterministically, the command records it, and the token is spent — once, by its buyer only (else 409 \`effect_token_invalid\` with \`reason\`: \`malformed\`, \`unknown\`, \`already_used\`, \`expired\`, \`another_game\`, \`another_effect\`). A booster the engine refuses (say, a hammer off the board) is an ordinary refusal and does not spend the token. ${ledger} ${idempotency} ${limits}`,
  },
};

export const ZGrantRequestSchema = z.object({
  project_id: z.string().uuid(),
  external_user_id: ZPlayerId.describe("Your user id (1-128 printable ASCII characters, no spaces). May not start with `erased_`: reserved for the records kept after a player's erasure; one that starts with `anon_` must be an anonymous player's id as the widget issued it (`anon_` and 22 characters), never one of your own users (422 `validation_error`)"),
  resource_id: z.string().min(1).max(32),
  amount: z.number().int().min(-1_000_000_000).max(1_000_000_000).refine((n) => n !== 0, "must not be 0"),
  idempotency_key: ZKey,
});
export const ZGrantResponseSchema = z.object({ project_id: z.string().uuid(), external_user_id: z.string(), resource_id: z.string(), amount: z.number().int(), balance: z.number().int().describe("The new balance") });
export const grantMeta: TMeta = {
  limits: [{ policies: ["economy"], when: "handler" }],
  auth: "server_key",
  errors: ["insufficient_scope", "forbidden", "insufficient_balance", "idempotency_conflict", "economy_disabled", "validation_error", "rate_limited"],
  openapi: {
    method: "POST",
    path: "/v1/economy/grant",
    tags,
    summary: "Grant (or debit) a resource",
    description: `For the integrator's server: an API key with scope \`economy:grant\` of \`project_id\`. A positive \`amount\` credits; a negative one debits atomically from the existing balance. ${ledger} ${idempotency} Grant keys (this route's and the admin grant's) are a key space of the project's own: no player's spend key can take one. ${limits}`,
  },
};

export const ZProjectInput = z.object({ project_id: z.string().uuid() });
const ZConfig = z.object({
  resources: z.array(z.object({ id: z.string(), name: z.string(), starting_balance: z.number().int() })),
  boosters: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), mechanic: z.string(), effect: z.string(), price: z.object({ resource_id: z.string(), amount: z.number().int() }) })),
});
export const ZSettingsResponseSchema = z.object({ economy_enabled: z.boolean(), economy_config: ZConfig, config_revision: z.number().int() });
export const settingsMeta: TMeta = {
  auth: "admin",
  errors: ["not_found"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/economy",
    tags: adminTags,
    summary: "Economy settings",
    description: `${owner} \`economy_config\` is the configuration in force: \`resources\` (id, name, \`starting_balance\`) and \`boosters\` (id, name, description, \`mechanic\`, \`effect\` — one the game offers —, \`price\` {resource_id, amount}). A new project starts with Tickets (2) and Coins (100) and a booster or two per game (Shuffle and Peek for 1 ticket, Hammer for 50 coins, Extra fuel for 30 coins).`,
  },
};
export const ZSettingsUpdateSchema = z.object({ project_id: z.string().uuid(), economy_enabled: z.boolean().optional(), economy_config: z.record(z.string(), z.unknown()).optional() }).strict();
export const settingsUpdateMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error", "origin_not_allowed"],
  openapi: {
    method: "PATCH",
    path: "/v1/admin/projects/{project_id}/economy",
    tags: adminTags,
    summary: "Change economy settings",
    description: `${owner} \`economy_config\` is replaced whole and validated whole (unique ids; prices in a resource that exists; each booster's effect one its game offers: match3 \`shuffle\`, \`hammer\`; memory \`peek\`; parcel pilot \`extra_fuel\`); issues name the field. With \`economy_enabled\` false, spends and grants answer 409 \`economy_disabled\`; balances are kept.`,
  },
};
export const ZAdminGrantSchema = z.object({
  project_id: z.string().uuid(),
  external_user_id: ZPlayerId.describe("The player's id (1-128 printable ASCII characters, no spaces). May not start with `erased_`: reserved for the records kept after a player's erasure; one that starts with `anon_` must be an anonymous player's id as the widget issued it (`anon_` and 22 characters), never one of your own users (422 `validation_error`)"),
  resource_id: z.string().min(1).max(32),
  amount: z.number().int().min(-1_000_000_000).max(1_000_000_000).refine((n) => n !== 0, "must not be 0"),
  idempotency_key: ZKey.optional(),
});
export const ZAdminGrantResponseSchema = ZGrantResponseSchema.extend({ granted: z.literal(true) });
export const adminGrantMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "insufficient_balance", "idempotency_conflict", "economy_disabled", "validation_error", "origin_not_allowed"],
  openapi: {
    method: "POST",
    path: "/v1/admin/projects/{project_id}/economy/grant",
    tags: adminTags,
    summary: "Grant (or debit) a resource to a player",
    description: `${owner} Audited. Without \`idempotency_key\` every call is a new grant. ${ledger}`,
  },
};

export const ZPlayerLedgerRequestSchema = z.object({ project_id: z.string().uuid(), external_user_id: z.string().min(1).max(128) });
export const ZPlayerLedgerResponseSchema = z.object({
  external_user_id: z.string(),
  economy_enabled: z.boolean(),
  balances: z.array(
    z.object({ resource_id: z.string(), name: z.string(), balance: z.number().int(), held: z.boolean().describe("False while the player has never held it: `balance` is then its starting balance") }),
  ),
  ledger: z.array(
    z.object({
      at: z.string(),
      resource_id: z.string(),
      amount: z.number().int().describe("Positive for a credit, negative for a debit"),
      balance_after: z.number().int(),
      source: z.string().describe("`starting`, `grant_server`, `grant_admin`, `spend`, `wheel_ticket` or `wheel_award`"),
      reference: z.string().nullable().describe("What it was for, e.g. the booster bought"),
    }),
  ),
});
export const playerLedgerMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/economy/players/{external_user_id}",
    tags: adminTags,
    summary: "A player's balances and ledger",
    description: `${owner} A balance for every configured resource (one never held shows its starting balance; reading writes nothing) and the player's latest 50 ledger entries, newest first. Entries of a resource since removed from the configuration stay in the history.`,
  },
};
