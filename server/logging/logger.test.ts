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
