import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { safeErr } from "./logger";

describe("what an error says in a log line", () => {
  it("drops what drivers attach of what they sent or found (a Redis command's arguments, a key's values), at every level", () => {
    const redisError = Object.assign(new Error("READONLY You can't write against a read only replica."), {
      name: "ReplyError",
      command: { name: "del", args: ["rl:gameCommand:0:p1:alice-erased"] },
    });
    const pgError = Object.assign(new Error('duplicate key value violates unique constraint "player_pkey"'), {
      code: "23505",
      constraint: "player_pkey",
      table: "player",
      detail: "Key (project_id, external_user_id)=(p1, alice-erased) already exists.",
      where: "SQL statement …",
      cause: redisError,
    });
    const logged = JSON.stringify([safeErr(redisError), safeErr(pgError)]);
    expect(logged).not.toContain("alice-erased");
    expect(safeErr(pgError)).toMatchObject({ code: "23505", constraint: "player_pkey", table: "player", message: expect.stringContaining("duplicate key") });
    expect(safeErr(redisError)).toMatchObject({ message: expect.stringContaining("READONLY") });
  });
});

describe("the process's log lines", () => {
  it("reach stdout in order when the process exits right after writing them, without their secrets", () => {
    const script = `
      import { createLoggers } from "@/server/logging/logger";
      const { logger, accessLogger } = createLoggers({ logLevel: "info" }, "web");
      logger.info({ n: 1, token: "tok-1", req: { authorization: "Bearer tok-2" } }, "first");
      accessLogger.info({ request_id: "r1", method: "GET", path: "/v1/lobby", status: 200, duration_ms: 1 }, "request");
      logger.info({ n: 2 }, "d\\u00e9j\\u00e0");
      process.exit(0);`;
    const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { cwd: process.cwd(), encoding: "utf8" });
    const lines = out.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.map((l) => l.msg)).toEqual(["first", "request", "déjà"]);
    expect(out).not.toContain("tok-");
    expect(lines[0]).toMatchObject({ token: "[redacted]", req: { authorization: "[redacted]" } });
  });
});
