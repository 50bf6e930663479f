import { formatCount, type TNoun } from "@/i18n/format";

const n = (one: string, other: string): TNoun => ({ one, other });

/** What each erased table holds, as an admin would count it (the tables of erase-player.ts). */
export const ERASED: Record<string, TNoun> = {
  game_command: n("move", "moves"),
  game_run: n("game", "games"),
  level_result: n("level result", "level results"),
  player_progress: n("track progress record", "track progress records"),
  level_progress: n("level best", "level bests"),
  address_player: n("network record", "network records"),
  experiment_cohort: n("A/B test membership", "A/B test memberships"),
  analytics_player_day: n("day of activity", "days of activity"),
  analytics_player: n("activity summary", "activity summaries"),
  progress_snapshot: n("streak record", "streak records"),
  player_event: n("event", "events"),
  player_event_key: n("event retry key", "event retry keys"),
  fraud_flag: n("fraud flag", "fraud flags"),
  player_fraud_status: n("fraud review status", "fraud review statuses"),
  player_balance: n("balance", "balances"),
  ledger_entry: n("ledger entry", "ledger entries"),
  economy_operation: n("economy operation", "economy operations"),
  effect_token: n("booster in use", "boosters in use"),
  wheel_player: n("wheel record", "wheel records"),
};

/** What is kept under an anonymous id instead (the integrator's rewards and their trail). */
export const ANONYMISED: Record<string, TNoun> = {
  reward_claims: n("reward claim", "reward claims"),
  webhook_deliveries: n("webhook delivery", "webhook deliveries"),
  webhook_attempts: n("delivery attempt", "delivery attempts"),
  webhook_inbox_messages: n("test inbox message", "test inbox messages"),
  notifications: n("notification", "notifications"),
  wheel_spins: n("wheel spin", "wheel spins"),
  audit_log: n("audit record", "audit records"),
};

/** "21 moves, 1 game and 1 day of activity": the non-zero counts in words, largest first; a table not listed reads as "3 records of x". */
export function countsInWords(counts: Record<string, number>, nouns: Record<string, TNoun>): string {
  const parts = Object.entries(counts)
    .filter(([, c]) => c > 0)
    .sort(([, a], [, b]) => b - a)
    .map(([key, c]) => (nouns[key] ? formatCount(c, nouns[key]) : `${formatCount(c, n("record", "records"))} of ${key.replaceAll("_", " ")}`));
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}
