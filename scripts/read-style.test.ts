import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One read style per context (ARCHITECTURE.md): the contexts on the play and money paths — gameplay,
 * money, trust, insight — read and write through SQL (pool, transactions, stores), never the
 * Prisma client; workspace, identity and platform use Prisma for admin records and SQL for the
 * statements Prisma cannot say (locks, outbox leases, erasure, aggregates).
 */
const SQL_ONLY = ["gameplay", "money", "trust", "insight"];

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("read style", () => {
  it.each(SQL_ONLY)("%s uses SQL only, never the Prisma client", (context) => {
    const offenders = files(path.join("server/domain", context)).filter((f) => /\bdb\(\)/.test(readFileSync(f, "utf8")));
    expect(offenders).toEqual([]);
  });
});
