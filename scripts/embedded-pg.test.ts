import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { EMBEDDED_DB_NAME, EMBEDDED_DB_PASSWORD, EMBEDDED_DB_USER } from "@/server/db/url";
import { freePorts } from "@/tests/helpers/ports";
import { runningPostmaster, startEmbeddedPostgres } from "./embedded-pg";

async function answers(port: number): Promise<number> {
  const c = new pg.Client({ host: "127.0.0.1", port, user: EMBEDDED_DB_USER, password: EMBEDDED_DB_PASSWORD, database: EMBEDDED_DB_NAME });
  await c.connect();
  try {
    return (await c.query<{ one: number }>("SELECT 1 AS one")).rows[0]!.one;
  } finally {
    await c.end();
  }
}

describe("the embedded PostgreSQL", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "playloop-embedded-pg-"));
  const stops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("uses a cluster that a killed run left running on its folder, leaves it running, and refuses one on another port", async () => {
    const [port, other] = (await freePorts(2)) as [number, number];
    const first = await startEmbeddedPostgres({ dir, port });
    stops.push(first.stop);
    expect(runningPostmaster(dir)).toMatchObject({ port });
    // The first owner is gone without stopping it (as when a test run is killed): a new start finds it.
    const second = await startEmbeddedPostgres({ dir, port });
    expect(await answers(port)).toBe(1);
    await second.stop(); // not its cluster: it stays up
    expect(await answers(port)).toBe(1);
    await expect(startEmbeddedPostgres({ dir, port: other })).rejects.toThrow(`at port ${port}, not ${other}`);
  }, 120_000);

  it("reads a lock file whose process is gone as no cluster at all", () => {
    const stale = mkdtempSync(path.join(os.tmpdir(), "playloop-embedded-pg-stale-"));
    try {
      writeFileSync(path.join(stale, "postmaster.pid"), `2147483646\n${stale}\n0\n5432\n`);
      expect(runningPostmaster(stale)).toBeNull();
      expect(runningPostmaster(path.join(stale, "missing"))).toBeNull();
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });
});
