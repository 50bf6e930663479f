import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { deleteOldNotifications, NOTIFICATION_RETENTION_DAYS } from "@/server/domain/platform";
import { nowMs } from "@/server/lib/clock";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, createProject, verifiedAdmin } from "../helpers/api";

/** Queued claim notifications (one per deliverable claim) are deleted once past retention, in batches; newer ones stay. */
let server: TTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe("queued notifications' retention", () => {
  it("deletes those past 90 days, batch by batch, and keeps the rest", async () => {
    const call = client(server.url);
    const projectId = await createProject(call, await verifiedAdmin(call));
    const day = 86_400_000;
    const ages = [NOTIFICATION_RETENTION_DAYS + 30, NOTIFICATION_RETENTION_DAYS + 1, NOTIFICATION_RETENTION_DAYS + 1, NOTIFICATION_RETENTION_DAYS - 1, 0];
    const ids = ages.map(() => randomUUID());
    for (const [i, age] of ages.entries()) {
      await pool().query("INSERT INTO notification (id, project_id, kind, external_user_id, claim_id, payload, created_at) VALUES ($1, $2, 'reward.deliverable', 'user-1', NULL, '{}', $3)", [
        ids[i],
        projectId,
        new Date(nowMs() - age * day),
      ]);
    }
    // Batches of one: the loop goes on while a batch is full (other files' old rows may be deleted too).
    expect(await deleteOldNotifications({ batch: 1 })).toBeGreaterThanOrEqual(3);
    const left = (await pool().query<{ id: string }>("SELECT id FROM notification WHERE project_id = $1", [projectId])).rows.map((r) => r.id).sort();
    expect(left).toEqual([ids[3]!, ids[4]!].sort());
  });
});
