import { pool } from "@/server/db/client";
import type { TTx } from "@/server/db/tx";
import { now } from "@/server/lib/clock";

export type TAuditEntry = {
  accountId?: string | null;
  projectId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  metadata?: Record<string, unknown>;
  requestId?: string;
  at?: Date;
};

/**
 * Appends an audit record. Pass `tx` whenever the record describes a change: it then commits or
 * rolls back with that change. Without `tx` (an event that changes nothing else, like a failed
 * login) it is one statement of its own.
 */
export async function writeAudit(opts: TAuditEntry & { tx?: TTx }): Promise<void> {
  await (opts.tx ?? pool()).query(
    `INSERT INTO audit_log (account_id, project_id, action, target_type, target_id, metadata, request_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8)`,
    [
      opts.accountId ?? null,
      opts.projectId ?? null,
      opts.action,
      opts.targetType ?? null,
      opts.targetId ?? null,
      JSON.stringify(opts.metadata ?? {}),
      opts.requestId ?? null,
      opts.at ?? now(),
    ],
  );
}
