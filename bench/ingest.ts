import { randomUUID } from "node:crypto";
import { json, phaseClock, send, stats, type TStats } from "./lib";

/**
 * Event ingest into a project that already holds the analytics scenario's events: integrators'
 * servers posting business events (`POST /v1/server/business-events`, each with its own
 * Idempotency-Key — the path whose uniqueness player_event_key keeps), and one request in ten a
 * retry of the worker's previous key (answered `duplicate: true`, nothing written). Answers the
 * accepted events' and the retries' throughput and latency.
 */
export async function driveIngest(opts: { base: string; projectId: string; auth: { authorization: string }; concurrency: number; seconds: number }): Promise<{ fresh: TStats; retries: TStats; duplicates: number }> {
  const key = await json(opts.base, "POST", `/v1/admin/projects/${opts.projectId}/api-keys`, { name: "ingest bench", scopes: ["events:write"] }, opts.auth);
  if (key.status !== 200) throw new Error(`ingest bench key: ${JSON.stringify(key.body)}`);
  const headers = { authorization: `Bearer ${key.body.secret}`, "content-type": "application/json" };
  const clock = phaseClock({ concurrency: opts.concurrency, seconds: opts.seconds, warmSeconds: 2 });
  const fresh: number[] = [];
  const retried: number[] = [];
  let errors = 0;
  let duplicates = 0;
  const worker = async (w: number) => {
    let previous: string | null = null;
    for (let n = 0; clock.going(); n++) {
      const retry = previous !== null && n % 10 === 9;
      const k: string = retry ? previous! : `${w}-${n}-${randomUUID()}`;
      const body = JSON.stringify({ project_id: opts.projectId, external_user_id: `user-${(w * 7919 + n) % 50_000}`, type: "purchase", payload: { amount_minor: 100 + (n % 900) } });
      const t0 = performance.now();
      const res = await send(`${opts.base}/v1/server/business-events`, "POST", { ...headers, "idempotency-key": k, "content-length": Buffer.byteLength(body) }, body);
      const ms = performance.now() - t0;
      if (!clock.timed()) continue;
      if (res.status !== 200) errors++;
      else if (retry) (retried.push(ms), (duplicates += JSON.parse(res.text).duplicate === true ? 1 : 0));
      else fresh.push(ms);
      previous = k;
    }
  };
  const running = Promise.all(Array.from({ length: opts.concurrency }, (_, w) => worker(w)));
  await clock.begin();
  await running;
  return { fresh: stats(fresh, opts.seconds, errors), retries: stats(retried, opts.seconds, 0), duplicates };
}
