import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { players, rewardsProject, verifiedAdmin, type TProject } from "./harness/api";
import { expectAcknowledgedKept, undelivered } from "./harness/checks";
import { ROOMY_ECONOMY, ROOMY_WHEEL } from "./harness/load";
import { AckLog, Match3Player } from "./harness/players";
import { checkoutPrevious } from "./harness/previous";
import { startReceiver, type TReceiver } from "./harness/receiver";
import { report } from "./harness/report";
import { faultRun, startStack, type TStack } from "./harness/stack";
import { pollUntil } from "./harness/wait";

/**
 * Scenario 7: expand/contract. During a rolling deploy the migrations run first, so the previous
 * release's code serves against the new schema until its processes are replaced. Here the previous
 * commit's code (a worktree of HEAD~1, or FAULT_PREVIOUS_REF) runs its own web and worker against the
 * database this commit's migrations built, and the hot paths must work: sessions, run starts and
 * commands to wins, their claims delivered by the old worker, purchases, wheel spins, the lobby,
 * events (a keyed one sent twice is recorded once). A migration that drops or renames what the
 * previous code still uses turns this red; such a change must come in two releases (docs/operations/event-retention.md).
 */
const PLAYERS = 6;
let previous: ReturnType<typeof checkoutPrevious>;
let stack: TStack;
let receiver: TReceiver;
let project: TProject;
let eventsKey: string;

beforeAll(async () => {
  previous = checkoutPrevious(faultRun().runDir);
  receiver = await startReceiver();
  stack = await startStack({ name: "previous", webs: 1, workers: 1, codeDir: previous.dir });
  const admin = await verifiedAdmin(stack.call);
  project = await rewardsProject(stack.call, admin, { webhookUrl: receiver.url, economy: ROOMY_ECONOMY, wheel: ROOMY_WHEEL });
  const key = await stack.call("POST", `/v1/admin/projects/${project.projectId}/api-keys`, { token: admin.token, ip: admin.ip, body: { name: "events", scopes: ["events:write"] } });
  if (key.status !== 200) throw new Error(`events key: ${key.status} ${JSON.stringify(key.body)}`);
  eventsKey = key.body.secret;
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.close();
  previous?.remove();
});

describe("the previous commit's code on this commit's schema", () => {
  it("serves the hot paths: play to a delivered win, purchases, spins, the lobby, events", async () => {
    const log = new AckLog();
    const roster = (await players(stack.call, project, PLAYERS)).map((p) => new Match3Player(stack.call, p, log));
    const wins = await Promise.all(roster.map((p) => p.playToWin()));
    for (const [i, p] of roster.entries()) {
      expect((await p.spend("fault_shuffle", randomUUID())).status).toBe(200);
      expect((await p.spin(randomUUID(), project.wheelVersion)).status).toBe(200);
      expect((await p.lobby()).status).toBe(200);
      const event = await stack.call("POST", "/v1/events", { token: p.player.token, ip: p.player.ip, body: { type: "lobby.viewed", payload: { n: i }, session_id: `s-${i}` } });
      expect(event.status).toBe(200);
    }
    // A server's keyed event, and its retry.
    const body = { project_id: project.projectId, external_user_id: roster[0]!.player.externalUserId, type: "purchase", payload: { amount_minor: 990 } };
    const first = await stack.call("POST", "/v1/server/business-events", { token: eventsKey, headers: { "idempotency-key": "order-1" }, body });
    const again = await stack.call("POST", "/v1/server/business-events", { token: eventsKey, headers: { "idempotency-key": "order-1" }, body });
    expect([first.status, first.body.duplicate, again.status, again.body.duplicate]).toEqual([200, false, 200, true]);

    expect(roster.flatMap((p) => p.unexpected)).toEqual([]);
    expect(log.answers.filter((a) => a.status !== 200)).toEqual([]);
    await pollUntil("every win delivered by the previous worker", async () => (await undelivered(stack.db, project.projectId)) === 0 && receiver.received.length >= wins.length, { timeoutMs: 60_000, everyMs: 100 });
    expect(receiver.duplicates()).toEqual([]);
    await expectAcknowledgedKept(stack.db, project.projectId, log);
    const events = await stack.db.query<{ n: number }>("SELECT count(*)::int AS n FROM player_event WHERE project_id = $1 AND idempotency_key = 'order-1'", [project.projectId]);
    expect(events.rows[0]!.n).toBe(1);
    report("previous release", { commit: previous.commit.slice(0, 12), subject: previous.subject, wins: wins.length, requests: log.answers.length });
  });
});
