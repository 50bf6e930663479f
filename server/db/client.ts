import pg from "pg";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/prisma/client";
import { config } from "@/server/config/env";
import { databaseUrl } from "./url";

export type { Prisma } from "./generated/prisma/client";
export type TDb = PrismaClient;
/** A client or an interactive transaction: domain functions accept either so callers can compose them. */
export type TTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

/**
 * One pg pool and one Prisma client per process. They live on globalThis because the web process
 * loads server code twice (the façade under tsx, the console through Next's bundle) and both must
 * share one pool.
 */
const DB_KEY = Symbol.for("playloop.db");
type TGlobal = typeof globalThis & { [DB_KEY]?: { pool: pg.Pool; prisma: PrismaClient } };

function init() {
  const pool = new pg.Pool({
    connectionString: databaseUrl(),
    max: config().databasePoolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return { pool, prisma };
}

function holder() {
  const g = globalThis as TGlobal;
  return (g[DB_KEY] ??= init());
}

export function db(): PrismaClient {
  return holder().prisma;
}

export function pool(): pg.Pool {
  return holder().pool;
}

export async function closeDb(): Promise<void> {
  const g = globalThis as TGlobal;
  const h = g[DB_KEY];
  if (!h) return;
  g[DB_KEY] = undefined;
  await h.prisma.$disconnect();
  await h.pool.end();
}
