import { pool } from "@/server/db/client";
import { now } from "@/server/lib/clock";

/**
 * Notifications queued for deliverable claims (the spec's "notification is queued": one row per
 * claim, written in the claim's transaction) are kept this long. Nothing reads them after that —
 * the console's notifications are derived from the live tables — and each names a player, so
 * they are not kept for ever.
 */
export const NOTIFICATION_RETENTION_DAYS = 90;

/** The players.retention job's part: queued notifications past retention deleted, in batches (a first run may meet a long backlog). */
export async function deleteOldNotifications(opts: { batch?: number } = {}): Promise<number> {
  const cutoff = new Date(now().getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
  const batch = opts.batch ?? 5_000;
  let deleted = 0;
  for (;;) {
    const res = await pool().query("DELETE FROM notification WHERE id IN (SELECT id FROM notification WHERE created_at < $1 LIMIT $2)", [cutoff, batch]);
    deleted += res.rowCount ?? 0;
    if ((res.rowCount ?? 0) < batch) return deleted;
  }
}
