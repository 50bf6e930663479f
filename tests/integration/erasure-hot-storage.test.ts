import { runJob } from "@/server/jobs/run-job";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eraseHotStorageHandler } from "@/server/jobs/handlers/erase-hot-storage";
import { pool } from "@/server/db/client";
import { runCache } from "@/server/domain/gameplay/play/run-cache";
import { subjectHash } from "@/server/domain/identity/players/anonymise";
import { erasePlayerData } from "@/server/domain/identity/players/erase-player";
import { cleanPlayerHotStorage, listenForPlayerErasures, PLAYER_ERASED_CHANNEL, playerRedisKeys } from "@/server/domain/identity/players/hot-storage";
import { createRedis, redis, whenRedisReady } from "@/server/stores/redis";
import { playerLimitKey } from "@/server/rate-limit/gate";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { PLAYER_KEYED_POLICIES } from "@/server/rate-limit/policies";
import { client, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { fullProject, seedFullPlayer } from "../helpers/players";
import { startReceiver } from "../helpers/rewards";
import { useRedisServices } from "../helpers/redis";
import { startTestServer, type TTestServer } from "../helpers/server";
import { newPlayer, startRun } from "../helpers/play";

/** The hot storage of an erased player: Redis rate-limit keys and the run cache, cleaned now or by the durable job. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let stopRedis: () => void = () => {};

beforeAll(async () => {
  stopRedis = await useRedisServices();
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await server.close();
  stopRedis();
});

const liveKeys = async (projectId: string, id: string) => {
  const keys = playerRedisKeys(projectId, id);
  const exists = await Promise.all(keys.map((k) => redis()!.exists(k)));
  return keys.filter((_k, i) => exists[i] === 1);
};
const jobsOf = async (hash: string) =>
  (await pool().query("SELECT id, state, data, retry_limit FROM pgboss.job WHERE name = 'players.erase-hot-storage' AND data->>'subject_hash' = $1", [hash])).rows;

describe("hot storage after an erasure", () => {
  it("with Redis up: the keys go at once, the durable job is withdrawn, the run cache forgets the player", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `hot-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    const player = await newPlayer(call, p.projectId, p.key, subject);
    const active = (await startRun(call, player)).body.run_id as string;
    expect(runCache.has(active)).toBe(true);
    // The seed used the play, economy, wheel, lobby and event routes: their per-player counters exist.
    const before = await liveKeys(p.projectId, subject);
    expect(before.map((k) => k.split(":")[1])).toEqual(expect.arrayContaining(["economy", "runStart", "gameCommand", "lobby", "events", "wheelSpinMinute", "wheelSpinHour"]));
    // and this process holds blocks of the leased ones (server/rate-limit/leases.ts)
    const leasedBefore = PLAYER_KEYED_POLICIES.filter((name) => rateLimiter().holdsBlock(name, playerLimitKey(p.projectId, subject)));
    expect(leasedBefore).toEqual(expect.arrayContaining(["economy", "gameCommand", "lobby", "events"]));

    const res = await call("DELETE", `/v1/admin/projects/${p.projectId}/players/${subject}/data`, { token: admin.token });
    expect(res.body.status).toBe("erased");
    expect(await liveKeys(p.projectId, subject)).toEqual([]);
    expect(PLAYER_KEYED_POLICIES.filter((name) => rateLimiter().holdsBlock(name, playerLimitKey(p.projectId, subject)))).toEqual([]);
    expect(runCache.has(active)).toBe(false);
    expect(await jobsOf(subjectHash(p.projectId, subject))).toEqual([]);
  });

  it("with Redis unreachable: the summary says cleanup_pending, and the durable job cleans later", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `hot-down-${randomUUID()}`;
    await seedFullPlayer(call, admin, p, subject);
    const before = await liveKeys(p.projectId, subject);
    expect(before.length).toBeGreaterThan(0);
    // the seed's bot may lose a run and start another (the helper replaces it), so the player has one or more
    const runs = (await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM game_run WHERE project_id = $1 AND external_user_id = $2", [p.projectId, subject])).rows[0]!.n;
    expect(runs).toBeGreaterThan(0);

    const down = createRedis("redis://127.0.0.1:1");
    let summary;
    try {
      summary = await erasePlayerData({ accountId: admin.accountId, projectId: p.projectId, externalUserId: subject, redisClient: down, requestId: "req-erasure-1" });
    } finally {
      down.disconnect();
    }
    expect(summary.status).toBe("cleanup_pending");
    expect(summary.tables.game_run).toBe(runs);
    // The database is clean already; the hot keys are still there.
    expect(await liveKeys(p.projectId, subject)).toEqual(before);
    const hash = subjectHash(p.projectId, subject);
    const [job] = await jobsOf(hash);
    expect(job.state).toBe("created");
    // The job carries the id sealed, never in the clear.
    expect(JSON.stringify(job.data)).not.toContain(subject);
    // It retries (with backoff) for as long as Redis stays away.
    expect(job.retry_limit).toBe(50);

    // The request that erased follows it: its id is in the payload, and in the job's log lines.
    expect(job.data.request_id).toBe("req-erasure-1");
    // What the worker does when the job comes due (Redis is back).
    await runJob(eraseHotStorageHandler, job.data, "test", job.id);
    expect(await liveKeys(p.projectId, subject)).toEqual([]);
  });
});

describe("an erasure on one instance reaches every instance's memory", () => {
  const redisUrl = () => {
    const o = redis()!.options;
    return `redis://${o.host ?? "127.0.0.1"}:${o.port ?? 6379}/${o.db ?? 0}`;
  };

  it("the instance that erases announces the player on Redis", async () => {
    const heard: string[] = [];
    const ear = createRedis(redisUrl()).duplicate({ enableOfflineQueue: true });
    const other = createRedis(redisUrl());
    try {
      ear.on("message", (_channel: string, message: string) => heard.push(message));
      await ear.subscribe(PLAYER_ERASED_CHANNEL);
      const projectId = randomUUID();
      const subject = `announced-${randomUUID()}`;
      await cleanPlayerHotStorage({ projectId, externalUserId: subject, client: other });
      await vi.waitFor(() => expect(heard.map((m) => JSON.parse(m))).toContainEqual({ project_id: projectId, external_user_id: subject }));
    } finally {
      ear.disconnect();
      other.disconnect();
    }
  });

  it("a listening instance forgets the player's cached runs and leased blocks when another instance announces the erasure", async () => {
    const p = await fullProject(call, admin, receiver.url);
    const subject = `hot-elsewhere-${randomUUID()}`;
    const player = await newPlayer(call, p.projectId, p.key, subject);
    const active = (await startRun(call, player)).body.run_id as string;
    const key = playerLimitKey(p.projectId, subject);
    expect((await rateLimiter().check("gameCommand", key)).allowed).toBe(true);
    expect(runCache.has(active)).toBe(true);
    expect(rateLimiter().holdsBlock("gameCommand", key)).toBe(true);

    // This process plays the instance that did not erase: it listens as every web and worker
    // process does (setupServices). The announcement comes from another client, as from another process.
    const listener = listenForPlayerErasures(redis()!);
    const other = createRedis(redisUrl());
    try {
      await listener.subscribed;
      // a fresh client fails fast until connected (no offline queue, as in production): wait, as
      // cleanPlayerHotStorage does
      await whenRedisReady(other, 5_000);
      await other.publish(PLAYER_ERASED_CHANNEL, JSON.stringify({ project_id: p.projectId, external_user_id: subject }));
      await vi.waitFor(() => {
        expect(runCache.has(active)).toBe(false);
        expect(rateLimiter().holdsBlock("gameCommand", key)).toBe(false);
      });
    } finally {
      other.disconnect();
      await listener.stop();
    }
  });
});
