import { db, type Prisma, type TTx } from "@/server/db/client";

/** Appends an audit record; pass `tx` so the record commits or rolls back with the change it describes. */
export async function writeAudit(opts: {
  tx?: TTx;
  accountId?: string | null;
  projectId?: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  metadata?: Record<string, unknown>;
  requestId?: string;
}): Promise<void> {
  await (opts.tx ?? db()).auditLog.create({
    data: {
      accountId: opts.accountId ?? null,
      projectId: opts.projectId ?? null,
      action: opts.action,
      targetType: opts.targetType ?? null,
      targetId: opts.targetId ?? null,
      metadata: (opts.metadata ?? {}) as Prisma.InputJsonValue,
      requestId: opts.requestId ?? null,
    },
  });
}
