/**
 * Identity — who acts and what they own: admin accounts, passwords, 2FA and console sessions; API keys; players' session tokens, the write guard and erasure; project ownership; the audit trail every context writes to. The bottom row: it imports no other context.
 *
 * The context's public entry: code outside it imports from here (tests may reach inside).
 */
export * from "./admin/accounts";
export * from "./admin/identities";
export * from "./admin/passwords";
export * from "./admin/sessions";
export * from "./admin/two-factor-manage";
export * from "./admin/two-factor";
export * from "./api-keys/manage-api-keys";
export * from "./audit/write-audit";
export * from "./players/erase-player";
export { anonymousId, playerDataLockSql } from "./players/anonymise";
export * from "./players/hot-storage";
export * from "./players/issue-session";
export { assertNamedPlayerId } from "./players/player-ids";
export * from "./players/player-token";
export * from "./players/session-erasure";
export * from "./players/write-guard";
export * from "./projects/find-owned-project";
