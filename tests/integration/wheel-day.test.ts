import pg from "pg";
import { describe, expect, it } from "vitest";
import { advanceClock, nowMs } from "@/server/lib/clock";
import type { TAdmin, TCall } from "../helpers/api";
import { newPlayer } from "../helpers/play";
import { spin, wheelAdmin, wheelProject, wheelFixture } from "../helpers/wheel";

/** The daily entitlement ends at midnight in the wheel's time zone, not the server's or UTC. */
let call: TCall;
let admin: TAdmin;
let pgc: pg.Client;

wheelFixture((f) => ({ call, admin, pgc } = f));

async function nextMidnight(timezone: string): Promise<{ at: number; day: string }> {
  const { rows } = await pgc.query(
    `SELECT ((($1::timestamptz AT TIME ZONE $2)::date + 1)::timestamp AT TIME ZONE $2) AS at, (($1::timestamptz AT TIME ZONE $2)::date)::text AS day`,
    [new Date(nowMs()), timezone],
  );
  return { at: (rows[0].at as Date).getTime(), day: rows[0].day };
}

describe("daily entitlement", () => {
  it("renews at midnight in Pacific/Auckland: free spin, paid spin, refused; a minute after midnight free again", async () => {
    const w = await wheelProject(call, admin, { patch: { free_spins_per_day: 1, max_spins_per_day: 2, ticket_cost: 1 } });
    expect((await wheelAdmin(call, admin, w.projectId).saveSettings("Pacific/Auckland")).status).toBe(200);
    const midnight = await nextMidnight("Pacific/Auckland");
    advanceClock(midnight.at - nowMs() - 60_000);
    const p = await newPlayer(call, w.projectId, w.key); // sessions are issued on the moved clock

    const before = (await call("GET", "/v1/wheel", { token: p.token })).body.entitlement;
    expect(before).toMatchObject({ day: midnight.day, free_spins_left: 1, paid_spins_left: 1, resets_at: new Date(midnight.at).toISOString() });
    expect((await spin(call, p, { wheel_version: w.version })).body.kind).toBe("free");
    expect((await spin(call, p, { wheel_version: w.version })).body.kind).toBe("ticket");
    const refused = await spin(call, p, { wheel_version: w.version });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "wheel_spins_exhausted", resets_at: new Date(midnight.at).toISOString() });

    advanceClock(2 * 60_000);
    // Auckland's midnight is 11:00 or 12:00 UTC: the UTC date did not change, the wheel's day did.
    expect(new Date(nowMs()).toISOString().slice(0, 10)).toBe(new Date(nowMs() - 2 * 60_000).toISOString().slice(0, 10));
    const after = (await call("GET", "/v1/wheel", { token: p.token })).body.entitlement;
    expect(after).toMatchObject({ spins_today: 0, free_spins_left: 1, paid_spins_left: 1 });
    expect(after.day > midnight.day).toBe(true);
    const renewed = await spin(call, p, { wheel_version: w.version });
    expect(renewed.body.kind).toBe("free");
    const days = await pgc.query("SELECT day::text AS day, kind FROM wheel_spin WHERE project_id = $1 ORDER BY day, kind", [w.projectId]);
    expect(days.rows).toEqual([
      { day: midnight.day, kind: "free" },
      { day: midnight.day, kind: "ticket" },
      { day: after.day, kind: "free" },
    ]);
    const budgetDays = await pgc.query("SELECT day::text AS day, spins FROM wheel_day WHERE project_id = $1 ORDER BY day", [w.projectId]);
    expect(budgetDays.rows).toEqual([
      { day: midnight.day, spins: 2 },
      { day: after.day, spins: 1 },
    ]);
  });
});
