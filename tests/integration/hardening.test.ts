
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { ensureDemoProject } from "@/server/domain/workspace/demo/demo-projects";
import { suggestCommand } from "@/games/bots";
import { rateLimiter } from "@/server/rate-limit/limiter";
import { consoleRouter } from "@/server/routers/console";
import type { TMeta } from "@/server/trpc/init";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, createProject, randomIp, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { API_ORIGIN, newPlayer, playProject, sendCommand, startRun } from "../helpers/play";

/** The abuse paths of the security review, each with the protection that closes it. */
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let project: { projectId: string; key: string };

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  project = await playProject(call, admin, "match3_v1");
});
afterAll(() => server.close());

const eventRows = (projectId: string) => db().playerEvent.count({ where: { projectId, source: "player" } });

describe("player event payloads", () => {
  it("refuses a payload over 4096 bytes (jsonb text) with 413 and stores nothing", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const before = await eventRows(project.projectId);
    const big = await call("POST", "/v1/events", { token: p.token, body: { type: "widget.opened", payload: { blob: "x".repeat(4096) } } });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: "validation_error", max_bytes: 4096, payload_bytes: 4108 });
    expect(big.body.request_id).toBeTruthy();
    const fits = await call("POST", "/v1/events", { token: p.token, body: { type: "widget.opened", payload: { blob: "x".repeat(4000) } } });
    expect(fits.status).toBe(200);
    expect(await eventRows(project.projectId)).toBe(before + 1);
    // Numbers are measured as jsonb prints them: 1e308 is six bytes of JSON and 309 digits stored.
    const wide = await call("POST", "/v1/events", { token: p.token, body: { type: "widget.opened", payload: { a: Array.from({ length: 480 }, () => 1e308) } } });
    expect(wide.status).toBe(413);
    expect(wide.body.payload_bytes).toBeGreaterThan(140_000);
    expect(await eventRows(project.projectId)).toBe(before + 1);
  });

  it("stops at the project's ingest budget, whoever the players are", async () => {
    const { projectId, key } = await playProject(call, admin, "memory_v1");
    // Another 6000 events this minute from other players have used the project's budget.
    for (let i = 0; i < 6000; i++) await rateLimiter().check("eventsProject", projectId);
    const fresh = await newPlayer(call, projectId, key);
    const res = await call("POST", "/v1/events", { token: fresh.token, body: { type: "widget.opened", payload: {} } });
    expect(res.status).toBe(429);
    expect(res.body.code).toBe("rate_limited");
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await eventRows(projectId)).toBe(0);
  });
});

describe("game commands", () => {
  const refused = { action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 5, col: 5 } } };

  it("limits commands per player: 120 in 10 seconds, then 429 (refused commands count)", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const run = (await startRun(call, p)).body;
    for (let i = 1; i <= 120; i++) {
      const res = await sendCommand(call, p, run.run_id, { command_id: `c${i}`, sequence: i, ...refused });
      expect(res.status, `command ${i}`).toBe(200);
    }
    const over = await sendCommand(call, p, run.run_id, { command_id: "c121", sequence: 121, ...refused });
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
    // a command that goes the locked way (a booster) is refused the same, after its locked read
    const booster = await sendCommand(call, p, run.run_id, { command_id: "c122", sequence: 121, action: "booster", payload: { effect: "shuffle", effect_token: "et_x" } });
    expect(booster.status).toBe(429);
    expect(booster.body.code).toBe("rate_limited");
    expect(await db().gameCommand.count({ where: { runId: run.run_id } })).toBe(120);
  });

  it("stores at most 1000 commands per run", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const run = (await startRun(call, p)).body;
    await db().gameRun.update({ where: { id: run.run_id }, data: { sequence: 1000 } });
    const res = await sendCommand(call, p, run.run_id, { command_id: "late", sequence: 1001, ...refused });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: "run_command_limit", max_commands: 1000 });
    expect(await db().gameCommand.count({ where: { runId: run.run_id } })).toBe(0);
  });

  it("answers 409 idempotency_conflict for a command_id reused with another body; an exact replay still gets the stored response", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const run = (await startRun(call, p)).body;
    const move = suggestCommand("match3_v1", run.view)!;
    const first = await sendCommand(call, p, run.run_id, { command_id: "same-id", sequence: 1, ...move });
    expect(first.status).toBe(200);
    const replay = await sendCommand(call, p, run.run_id, { command_id: "same-id", sequence: 1, ...move });
    expect(replay.body).toEqual(first.body);
    // Key order does not make a different payload.
    const reordered = Object.fromEntries(Object.entries(move.payload).reverse());
    expect((await sendCommand(call, p, run.run_id, { command_id: "same-id", sequence: 1, action: move.action, payload: reordered })).status).toBe(200);
    for (const changed of [
      { sequence: 1, ...refused },
      { sequence: 2, ...move },
      { sequence: 1, action: "tap", payload: move.payload },
    ]) {
      const res = await sendCommand(call, p, run.run_id, { command_id: "same-id", ...changed });
      expect(res.status, JSON.stringify(changed)).toBe(409);
      expect(res.body.code).toBe("idempotency_conflict");
    }
    expect(await db().gameCommand.count({ where: { runId: run.run_id } })).toBe(1);
  });
});

describe("anonymous sessions are bound to their site", () => {
  it("refuses a session minted for one site on a request from another; the shell's own origin and originless calls pass", async () => {
    const projectId = await createProject(call, admin, { allowed_origins: ["https://shop.example"] });
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { play_mechanic: "match3_v1" } });
    const s = await call("POST", "/v1/widget/session", { ip: randomIp(), headers: { origin: "https://shop.example" }, body: { project_id: projectId, anonymous_id: "browser-org-0001" } });
    expect(s.status).toBe(200);
    const token = s.body.session_token as string;
    for (const path of ["/v1/lobby", "/v1/progress/state", `/v1/widget/config?project_id=${projectId}`]) {
      const evil = await call("GET", path, { token, headers: { origin: "https://evil.example" } });
      expect(evil.status, path).toBe(403);
      expect(evil.body.code).toBe("origin_not_allowed");
      for (const headers of [{ origin: "https://shop.example" }, { origin: API_ORIGIN }, {}] as Array<Record<string, string>>) {
        expect((await call("GET", path, { token, headers })).status, `${path} ${JSON.stringify(headers)}`).toBe(200);
      }
    }
    expect((await call("POST", "/v1/game-runs", { token, headers: { origin: API_ORIGIN }, body: { intent: "next" } })).status).toBe(200);
    expect((await call("POST", "/v1/events", { token, headers: { origin: "https://evil.example" }, body: { type: "widget.opened", payload: {} } })).status).toBe(403);
  });
});

describe("transport", () => {
  it("answers malformed percent-encoding with 400, never 500", async () => {
    const cmd = await call("POST", "/v1/game-runs/%E0%A4%A/commands", { body: {} });
    expect(cmd.status).toBe(400);
    expect(cmd.headers.get("content-type")).toMatch(/^text\/plain/); // command path errors stay plain text
    const read = await call("GET", "/v1/game-runs/%E0%A4%A");
    expect(read.status).toBe(400);
    expect(read.body.code).toBe("validation_error");
    expect((await call("GET", "/v1/admin/projects/%ZZ")).status).toBe(400);
  });

  it("keeps the legacy query token only where the spec has it, with Referrer-Policy: no-referrer", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const progress = await call("GET", `/v1/progress/state?session_token=${p.token}`);
    expect(progress.status).toBe(200);
    expect(progress.headers.get("referrer-policy")).toBe("no-referrer");
    // Elsewhere a token in the URL authenticates nothing.
    expect((await call("GET", `/v1/lobby?session_token=${p.token}`)).status).toBe(401);
    expect((await call("GET", `/v1/economy/balances?session_token=${p.token}`)).status).not.toBe(200);
  });
});

describe("the demo identity is reserved", () => {
  it("cannot be signed up for or logged into, and the demo projects belong to the system account", async () => {
    const ip = randomIp();
    // The per-e-mail signup bucket outlives a test run in Redis; this address is always the same.
    await rateLimiter().reset("adminSignupEmail", "demo@playloop.invalid");
    const signup = await call("POST", "/v1/admin/auth/signup", { ip, body: { email: "Demo@Playloop.invalid", password: "correct horse battery" } });
    // Same answer as for any registered address, and nothing stored.
    expect(signup.status).toBe(200);
    expect(signup.body.account_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await db().adminAccount.count({ where: { email: "demo@playloop.invalid", system: false } })).toBe(0);
    const projectId = await ensureDemoProject("match3_v1");
    const owner = await db().project.findUniqueOrThrow({ where: { id: projectId }, select: { owner: { select: { email: true, system: true } } } });
    expect(owner.owner).toEqual({ email: "demo@playloop.invalid", system: true });
    const login = await call("POST", "/v1/admin/auth/login", { ip, body: { email: "demo@playloop.invalid", password: "correct horse battery" } });
    expect(login.status).toBe(401);
  });
});

describe("the console endpoint (/api/trpc)", () => {
  const trpc = (path: string, opts: { method?: string; body?: unknown; token?: string; origin?: string | null; raw?: string } = {}) =>
    call(opts.method ?? (opts.body !== undefined || opts.raw !== undefined ? "POST" : "GET"), `/api/trpc/${path}`, {
      token: opts.token,
      headers: opts.origin === null ? {} : { origin: opts.origin ?? API_ORIGIN, ...(opts.raw !== undefined ? { "content-type": "application/json" } : {}) },
      body: opts.raw === undefined ? opts.body : undefined,
      rawBody: opts.raw,
    });

  it("serves the admin plane only: player, server-key and public widget procedures are not there", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    for (const path of ["gameRuns.start", "events.player", "lobby.telemetry", "widget.exposure", "playerSessions.serverToken", "ops.health"]) {
      const res = await trpc(path, { body: {}, token: p.token });
      expect(res.status, path).toBe(404);
    }
    expect((await trpc("adminAuth.me", { token: admin.token })).status).toBe(200);
  });

  it("refuses every admin procedure without an admin credential, and credentials of other planes", async () => {
    const p = await newPlayer(call, project.projectId, project.key);
    const procs = Object.entries(consoleRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: TMeta } }>);
    expect(procs.length).toBeGreaterThan(15);
    for (const [path, proc] of procs) {
      const auth = proc._def.meta?.auth ?? "none";
      if (auth === "none") continue; // signup and login
      expect(["admin", "admin_bootstrap"], path).toContain(auth);
      const mutation = proc._def.type === "mutation";
      for (const token of [undefined, p.token, project.key]) {
        const res = mutation ? await trpc(path, { token, body: {} }) : await trpc(`${path}?input=${encodeURIComponent("{}")}`, { token });
        expect(res.status, `${path} ${token ? "wrong plane" : "none"}`).toBe(401);
        expect(res.body.error.data).toMatchObject({ appCode: "unauthorized", httpStatus: 401 });
      }
    }
  });

  it("needs an allowed Origin on every write, also on public ones", async () => {
    for (const origin of [null, "https://evil.example"]) {
      const login = await trpc("adminAuth.login", { body: { email: admin.email, password: admin.password }, origin });
      expect(login.status).toBe(403);
      expect(login.body.code).toBe("origin_not_allowed");
      expect(login.headers.get("set-cookie")).toBeNull();
      const create = await trpc("projects.create", { token: admin.token, body: { name: "x", allowed_origins: [] }, origin });
      expect(create.status).toBe(403);
    }
  });

  it("limits batches to 10 calls and bodies to 64 KiB, answering in the error shape", async () => {
    const eleven = Array.from({ length: 11 }, () => "adminAuth.me").join(",");
    const batch = await call("GET", `/api/trpc/${eleven}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`, { token: admin.token });
    expect(batch.status).toBe(400);
    const ten = Array.from({ length: 10 }, () => "adminAuth.me").join(",");
    expect((await call("GET", `/api/trpc/${ten}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`, { token: admin.token })).status).toBe(200);
    const big = await trpc("projects.create", { token: admin.token, raw: JSON.stringify({ name: "x".repeat(70_000), allowed_origins: [] }) });
    expect(big.status).toBe(413);
    expect(big.body.error.data).toMatchObject({ appCode: "validation_error", httpStatus: 413 });
    expect(big.body.error.data.requestId).toBe(big.headers.get("x-request-id"));
    expect(await db().project.count({ where: { ownerAccountId: admin.accountId, name: { startsWith: "xxxx" } } })).toBe(0);
  });

  it("answers schema violations as validation_error with the field", async () => {
    const res = await trpc("projects.create", { token: admin.token, body: { name: "", allowed_origins: "nope" } });
    expect(res.status).toBe(422);
    expect(res.body.error.data.appCode).toBe("validation_error");
    expect(res.body.error.data.issues.map((i: { path: string }) => i.path)).toContain("allowed_origins");
  });
});



