import { randomUUID } from "node:crypto";
import { chromium } from "@playwright/test";
import { Redis } from "ioredis";
import { emptyMemoryKnowledge, suggestCommand } from "@/games/bots";
import { benchAdmin, json, stats, statsRow, type TStats } from "./lib";

/**
 * "Watch the run" at its limit (issue 41): a Gem Match run of the most commands a run may store
 * (1 000), played through the real API — mostly refused mis-taps, with a real move every 125 so the
 * run stays open to the end — then read back by the replay API and played by the replay page in
 * Chromium on a desktop viewport, as the console's Watch the run page does.
 */
const COMMANDS = 1000;
const REAL_EVERY = 125;
const MIS_TAP = { action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 0, col: 2 } } };

export type TReplayBench = { commands: number; bytes: number; api: TStats; load_ms: number; fetch_ms: number; jumps: TStats; frames: { played: number; count: number; mean_ms: number; p95_ms: number; over_20ms: number; fps: number } };

/** Plays the longest allowed run; the player's command budget (120 per 10 s) is reset as it goes, as a seed does. */
async function seedLongestRun(base: string, redisUrl: string) {
  const auth = await benchAdmin(base);
  const project = await json(base, "POST", "/v1/admin/projects", { name: "bench replay", allowed_origins: [] }, auth);
  const projectId = project.body.project_id as string;
  await json(base, "PATCH", `/v1/admin/projects/${projectId}`, { play_mechanic: "match3_v1" }, auth);
  const key = await json(base, "POST", `/v1/admin/projects/${projectId}/api-keys`, { name: "bench", scopes: ["session:issue"] }, auth);
  const user = `replay-${randomUUID().slice(0, 8)}`;
  const ip = "10.41.0.1";
  const session = await json(base, "POST", "/v1/server/session-token", { project_id: projectId, external_user_id: user }, { authorization: `Bearer ${key.body.secret}`, "x-forwarded-for": ip });
  const player = { authorization: `Bearer ${session.body.session_token}`, "x-forwarded-for": ip };
  const start = await json(base, "POST", "/v1/game-runs", { intent: "next" }, player);
  if (start.status !== 200) throw new Error(`start ${start.status} ${JSON.stringify(start.body)}`);
  const runId = start.body.run_id as string;
  let view = start.body.view;
  let sequence = start.body.sequence as number;
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  try {
    while (sequence < COMMANDS) {
      if (sequence % 100 === 0) {
        const keys = await redis.keys(`rl:gameCommand:*${projectId}:${user}`);
        if (keys.length) await redis.del(...keys);
      }
      const real = (sequence + 1) % REAL_EVERY === 0 ? suggestCommand("match3_v1", view, emptyMemoryKnowledge()) : null;
      const cmd = real ?? MIS_TAP;
      const res = await json(base, "POST", `/v1/game-runs/${runId}/commands`, { command_id: randomUUID(), sequence: sequence + 1, action: cmd.action, payload: cmd.payload }, player);
      if (res.status !== 200) throw new Error(`command ${sequence + 1}: ${res.status} ${JSON.stringify(res.body)}`);
      sequence = res.body.sequence;
      view = res.body.view ?? view;
      if (res.body.status !== "active") break;
    }
  } finally {
    redis.disconnect();
  }
  return { auth, projectId, runId, commands: sequence };
}

export async function measureReplay(base: string, redisUrl: string): Promise<TReplayBench> {
  const seeded = await seedLongestRun(base, redisUrl);
  const path = `/v1/admin/projects/${seeded.projectId}/game-runs/${seeded.runId}/replay`;

  // the API: 20 reads one at a time
  const samples: number[] = [];
  let bytes = 0;
  const t = performance.now();
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    const res = await fetch(base + path, { headers: seeded.auth });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`replay ${res.status} ${text}`);
    bytes = text.length;
    samples.push(performance.now() - t0);
  }
  const api = stats(samples, (performance.now() - t) / 1000, 0);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // warm: the page's script and the game's chunk in the browser's cache, as on a second visit
    await page.goto(`${base.replace("127.0.0.1", "localhost")}/v1/play/replay`);
    await page.waitForFunction(() => document.documentElement.dataset.replayReady === "1");
    await page.goto(`${base.replace("127.0.0.1", "localhost")}/status`);

    // load, as the console's Watch the run does it: a same-origin parent page (here the status page)
    // reads the replay from the API and hands it to the replay page in its iframe, which draws the
    // dealt board. Timed from the parent's fetch and the iframe's navigation (in parallel) to the
    // board's first painted frame. (The replay page itself may not fetch: connect-src 'none'.)
    const origin = base.replace("127.0.0.1", "localhost");
    await page.goto(`${origin}/status`);
    const timing = await page.evaluate(`(async () => {
      const t0 = performance.now();
      const frame = document.createElement("iframe");
      frame.style.cssText = "position:fixed;left:0;top:0;width:800px;height:512px;border:0;z-index:9";
      const ready = new Promise((resolve) => frame.addEventListener("load", resolve, { once: true }));
      frame.src = "/v1/play/replay";
      document.body.appendChild(frame);
      const [d] = await Promise.all([fetch(${JSON.stringify(path)}, { headers: { authorization: ${JSON.stringify(seeded.auth.authorization)} } }).then((r) => r.json()), ready]);
      const t1 = performance.now();
      let api = frame.contentWindow.playloopReplay;
      for (let i = 0; !api && i < 200; i++) { await new Promise((r) => setTimeout(r, 5)); api = frame.contentWindow.playloopReplay; }
      await api.load(d.run, d.frames);
      await new Promise((r) => frame.contentWindow.requestAnimationFrame(() => r(null)));
      window.__replay = api;
      return { fetched: t1 - t0, total: performance.now() - t0, count: d.frames.length };
    })()`) as { fetched: number; total: number; count: number };
    const count = timing.count;
    const t0 = Date.now() - Math.round(timing.total);
    const loadMs = Date.now() - t0;

    // jumps: any move at once (a click on the timeline), timed to the next painted frame
    const jumpMs = await page.evaluate(async (n) => {
      const api = (window as unknown as { __replay: { show(count: number, animate?: boolean): Promise<void> } }).__replay;
      const out: number[] = [];
      for (let i = 0; i < 60; i++) {
        const target = Math.floor(((i * 7919) % 997) / 997 * n);
        const s = performance.now();
        await api.show(target, false);
        await new Promise((r) => requestAnimationFrame(() => r(null)));
        out.push(performance.now() - s);
      }
      return out;
    }, count);

    // playing: 160 moves in order, animated (two real moves among them), frame intervals recorded
    const from = REAL_EVERY - 25;
    const played = Math.min(160, count - from);
    // a string, not a function: tsx (the bench) wraps named inner functions in a helper the page lacks
    const intervals = (await page.evaluate(`(async () => {
      const api = window.__replay;
      await api.show(${from}, false);
      const ts = [];
      let rec = true;
      const tick = (t) => { ts.push(t); if (rec) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      for (let k = ${from} + 1; k <= ${from + played}; k++) await api.show(k, true);
      rec = false;
      return ts.slice(1).map((t, i) => t - ts[i]);
    })()`)) as number[];
    const sorted = [...intervals].sort((a, b) => a - b);
    const mean = intervals.reduce((a, b) => a + b, 0) / Math.max(1, intervals.length);
    return {
      commands: seeded.commands,
      bytes,
      api,
      load_ms: loadMs,
      fetch_ms: Math.round(timing.fetched),
      jumps: stats(jumpMs, 1, 0),
      frames: {
        played,
        count: intervals.length,
        mean_ms: Math.round(mean * 10) / 10,
        p95_ms: Math.round((sorted[Math.floor(sorted.length * 0.95)] ?? 0) * 10) / 10,
        over_20ms: intervals.filter((x) => x > 20).length,
        fps: Math.round(1000 / Math.max(1, mean)),
      },
    };
  } finally {
    await browser.close();
  }
}

/** The scenario's lines in the bench's report, with its targets (load < 1 s, 60 fps). */
export function replayReport(r: TReplayBench): string {
  const smooth = r.frames.p95_ms <= 20;
  return [
    `scenario: replay ("Watch the run" of a Gem Match run of ${r.commands} commands, the most a run may store; Chromium, desktop 1280×800)`,
    statsRow("  API GET …/replay, one at a time", r.api) + `   ${(r.bytes / 1024).toFixed(0)} KiB`,
    `  load (replay from the API ∥ replay page, then the dealt board drawn): ${r.load_ms} ms, of which the API read ${r.fetch_ms} ms (target < 1000 ms) ${r.load_ms < 1000 ? "MET" : "NOT MET"}`,
    `  jump to any move (drawn at the next frame): p50 ${r.jumps.p50} ms  p99 ${r.jumps.p99} ms over ${r.jumps.count} jumps`,
    `  playing ${r.frames.played} moves animated: ${r.frames.count} frames, mean ${r.frames.mean_ms} ms (${r.frames.fps} fps)  p95 ${r.frames.p95_ms} ms  ${r.frames.over_20ms} over 20 ms (target 60 fps: p95 ≤ 20 ms) ${smooth ? "MET" : "NOT MET"}\n`,
  ].join("\n");
}
