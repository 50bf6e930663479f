import { withTransaction } from "@/server/db/tx";
import { noteActivePlayers } from "@/server/domain/money/billing/active-players";
import type { TAdmin, TCall } from "./api";

/** `count` events of distinct players (`<prefix>-<n>`) in a project at `at`, set-based, counted as the event writers count them. */
export async function seedPlayers(projectId: string, prefix: string, count: number, at: Date) {
  await withTransaction(async (tx) => {
    await tx.query(
      `INSERT INTO player_event (project_id, external_user_id, type, source, payload, created_at)
       SELECT $1, $2 || '-' || g, 'game.started', 'test', '{}', $3 FROM generate_series(1, $4) g`,
      [projectId, prefix, at, count],
    );
    await noteActivePlayers(tx, Array.from({ length: count }, (_, i) => ({ projectId, externalUserId: `${prefix}-${i + 1}`, at })));
  });
}

/** The account's plan change, as the console asks it. */
export const changePlan = (call: TCall, a: TAdmin, plan_id: string) => call("POST", "/v1/admin/billing/upgrade", { token: a.token, body: { plan_id } });

export const invoicesOf = async (call: TCall, a: TAdmin) => (await call("GET", "/v1/admin/billing/invoices", { token: a.token })).body.invoices as Array<Record<string, any>>;
