import { describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { closeServices } from "@/server/services/setup";
import { services } from "@/server/services/container";

describe("closing the services", () => {
  it("lets a job that is running finish with the database before the services go", async () => {
    const boss = services().queue.boss;
    const queue = `test.shutdown-${Date.now()}`;
    await boss.createQueue(queue);
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let outcome: unknown = "not run";
    await boss.work(queue, { pollingIntervalSeconds: 0.5 }, async () => {
      started();
      await gate;
      try {
        outcome = (await pool().query<{ ok: number }>("SELECT 1 AS ok")).rows[0]!.ok;
      } catch (e) {
        outcome = e instanceof Error ? e.message : e;
      }
    });
    await boss.send(queue, {});
    await running;
    const closing = closeServices();
    release();
    await closing;
    expect(outcome).toBe(1);
  });
});
