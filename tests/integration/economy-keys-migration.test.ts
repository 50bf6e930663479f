import { describe, expect, it } from "vitest";
import { databaseBeforeMigration } from "../helpers/scratch-db";

/** Migration 0027_economy_key_spaces on stored operations: a spend's key becomes its player's, a grant's the project's grants'. */
const SPACES = "0027_economy_key_spaces";
const db = databaseBeforeMigration(SPACES);

describe("migration 0027_economy_key_spaces", () => {
  it("moves each stored operation into its key space, so a player's key no longer blocks another's", async () => {
    const c = db.client;
    const account = (await c.query("INSERT INTO admin_account (email, password_hash) VALUES ('keys@example.com', 'x') RETURNING id")).rows[0].id;
    const project = (await c.query("INSERT INTO project (owner_account_id, name, experiment_key) VALUES ($1, 'p', gen_random_uuid()::text) RETURNING id", [account])).rows[0].id;
    const op = (key: string, kind: string, user: string) =>
      c.query("INSERT INTO economy_operation (project_id, idempotency_key, kind, request_hash, external_user_id, result, created_at) VALUES ($1, $2, $3, 'h', $4, '{}', now())", [project, key, kind, user]);
    await op("order-1", "spend", "p");
    await op("order-2", "grant", "q");

    expect(await db.applyIt()).toEqual([SPACES]);
    const rows = (await c.query("SELECT idempotency_key, key_owner FROM economy_operation ORDER BY 1")).rows;
    expect(rows).toEqual([{ idempotency_key: "order-1", key_owner: "p" }, { idempotency_key: "order-2", key_owner: "" }]);
    // Another player's spend with P's key, and a grant with it, are rows of their own now.
    await c.query("INSERT INTO economy_operation (project_id, idempotency_key, kind, request_hash, external_user_id, result, created_at, key_owner) VALUES ($1, 'order-1', 'spend', 'h', 'q', '{}', now(), 'q'), ($1, 'order-1', 'grant', 'h', 'q', '{}', now(), '')", [project]);
    await expect(c.query("INSERT INTO economy_operation (project_id, idempotency_key, kind, request_hash, external_user_id, result, created_at, key_owner) VALUES ($1, 'order-2', 'grant', 'h', 'p', '{}', now(), '')", [project])).rejects.toThrow(/duplicate key/);
  });
});
