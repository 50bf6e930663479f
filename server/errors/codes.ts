/**
 * The one error-code table. Each domain error code maps to one HTTP status and one tRPC code name
 * (the JSON-RPC code the console endpoint answers; server/trpc/init.ts type-checks the names, so
 * this file imports no transport); the edges' error mapping (wire-error.ts) and the OpenAPI error
 * responses read it.
 */
export const ERROR_CODES = {
  validation_error: { status: 422, trpc: "UNPROCESSABLE_CONTENT", description: "The request is malformed or violates the schema" },
  unauthorized: { status: 401, trpc: "UNAUTHORIZED", description: "Missing, invalid, expired or revoked credential" },
  session_erased: { status: 401, trpc: "UNAUTHORIZED", description: "The player session was issued before the player's data was erased: it is refused on every player route; the site must issue a new session" },
  two_factor_required: { status: 403, trpc: "FORBIDDEN", description: "The admin session has not passed two-factor verification" },
  forbidden: { status: 403, trpc: "FORBIDDEN", description: "The credential may not perform this action" },
  insufficient_scope: { status: 403, trpc: "FORBIDDEN", description: "The API key lacks the required scope" },
  origin_not_allowed: { status: 403, trpc: "FORBIDDEN", description: "The Origin header is missing or not allowed" },
  signup_disabled: { status: 403, trpc: "FORBIDDEN", description: "Self-registration is disabled" },
  not_found: { status: 404, trpc: "NOT_FOUND", description: "No such resource (or it belongs to someone else)" },
  conflict: { status: 409, trpc: "CONFLICT", description: "The request conflicts with the current state" },
  run_not_active: { status: 409, trpc: "CONFLICT", description: "The game run is closed or expired" },
  idempotency_conflict: { status: 409, trpc: "CONFLICT", description: "The idempotency key (for example `command_id`) was already used for a different request" },
  run_command_limit: { status: 409, trpc: "CONFLICT", description: "The run has stored its maximum number of commands (see `max_commands`); start a new run" },
  sequence_conflict: { status: 409, trpc: "CONFLICT", description: "The command's sequence is not the next one (see `expected_sequence`)" },
  mechanic_mismatch: { status: 409, trpc: "CONFLICT", description: "The project's mechanic is not the one the client expected (see `mechanic`)" },
  unsupported_game_version: { status: 409, trpc: "CONFLICT", description: "The client supports none of the server's game versions (see `game_version`)" },
  level_locked: { status: 409, trpc: "CONFLICT", description: "Only completed levels can be replayed" },
  mechanic_unavailable: { status: 409, trpc: "CONFLICT", description: "The mechanic is not available (see `reason`)" },
  mode_not_allowed: { status: 409, trpc: "CONFLICT", description: "The game mode is not compatible with the selected game" },
  wheel_config_missing: { status: 409, trpc: "CONFLICT", description: "The wheel has no published configuration" },
  wheel_version_stale: { status: 409, trpc: "CONFLICT", description: "The wheel was published again since the client read it (see `current_version`); read the wheel and spin that version" },
  wheel_spins_exhausted: { status: 409, trpc: "CONFLICT", description: "No spins of this wheel left today (see `resets_at`, the next midnight in the wheel's time zone)" },
  draft_stale: { status: 409, trpc: "CONFLICT", description: "The draft changed since it was read (see `draft_hash`, the current one)" },
  invalid_credentials: { status: 401, trpc: "UNAUTHORIZED", description: "Email or password is wrong" },
  invalid_code: { status: 401, trpc: "UNAUTHORIZED", description: "The two-factor code is wrong, expired or already used" },
  two_factor_locked: { status: 429, trpc: "TOO_MANY_REQUESTS", description: "Too many wrong two-factor codes: codes are refused until `locked_until` (see `Retry-After`); a recovery code still works and clears the lock" },
  webhook_target_unreachable: { status: 422, trpc: "UNPROCESSABLE_CONTENT", description: "The webhook target cannot be reached or may not be reached (see `reason`: `blocked_address`, `dns_failure`, `timeout`, …)" },
  invalid_signature: { status: 401, trpc: "UNAUTHORIZED", description: "The webhook signature is missing, stale or does not verify (see `reason`)" },
  insufficient_balance: { status: 409, trpc: "CONFLICT", description: "The player's balance of the resource is too low (see `resource_id`, `balance`, `needed`); nothing was changed" },
  economy_disabled: { status: 409, trpc: "CONFLICT", description: "The project's economy is switched off" },
  effect_token_invalid: { status: 409, trpc: "CONFLICT", description: "The booster's effect token is unknown, expired, already used, another player's, or for another game (see `reason`)" },
  plan_limit_reached: { status: 402, trpc: "PAYMENT_REQUIRED", description: "The account is over its plan's included monthly active players on a plan without overage (see `included_mau`, `monthly_active_users`); upgrade to continue. Play and data are never affected" },
  rate_limited: { status: 429, trpc: "TOO_MANY_REQUESTS", description: "Too many requests; retry later" },
  fraud_blocked: { status: 403, trpc: "FORBIDDEN", description: "Refused by the fraud gate: the player is blocked (an admin's manual status, until its `expires_at`) and play ingress is refused" },
  service_unavailable: { status: 503, trpc: "SERVICE_UNAVAILABLE", description: "A dependency (the database, the cache) is unavailable; retry after Retry-After" },
  not_implemented: { status: 501, trpc: "NOT_IMPLEMENTED", description: "Not available in this deployment" },
  internal_error: { status: 500, trpc: "INTERNAL_SERVER_ERROR", description: "Unexpected server error" },
} as const satisfies Record<string, { status: number; trpc: string; description: string }>;

export type TErrorCode = keyof typeof ERROR_CODES;
