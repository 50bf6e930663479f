import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { getMechanic, tracks } from "@/games/registry";
import { suggestCommand } from "@/games/bots";
import type { TCommand } from "@/games/types";
import { buildServer, serverBundle } from "@/scripts/build-server";
import { replayText, type TReplayJob } from "./replay-text";
import { replayOnThread, replayThreadCounts, replayThreadOnline, startReplayThread, stopReplayThread } from "./replay-thread";
import { REPLAY_THREAD_NICER } from "./replay-thread-priority";

// A stand-in thread: answers "<seed>:<commands>", and for three seeds misbehaves as a broken one would.
const FAKE = `
import { parentPort } from "node:worker_threads";
parentPort.on("message", (j) => {
  if (j.seed === "stall") for (;;);
  if (j.seed === "exit") process.exit(1);
  if (j.seed === "throw") throw new Error("broken");
  parentPort.postMessage({ id: j.id, stateText: j.seed + ":" + j.commands.length });
});
`;
const fakeFile = () => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "replay-thread-")), "fake.mjs");
  writeFileSync(file, FAKE);
  return file;
};
const level = tracks.match3_v1.levels[0]!;
const job = (seed: string, commands: TCommand[] = []): TReplayJob => ({ mechanic: "match3_v1", level, seed, commands });

afterEach(() => stopReplayThread());

/** The compiled replay-worker.mjs, built once for the tests that run it. */
let built: Promise<string> | null = null;
const compiledWorker = () => (built ??= buildServer(["replay-worker"]).then(() => serverBundle("replay-worker")));

/** A thread's nice value, from its /proc stat line (the 19th field, counted after the command's parenthesis). */
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
/** How many of this process's threads run at `nice` (Linux). */
const threadsAt = (nice: number) => readdirSync("/proc/self/task").filter((t) => niceOf(readFileSync(`/proc/self/task/${t}/stat`, "utf8")) === nice).length;

describe("the replay thread", () => {
  it("is not there until started, nor when its file is missing: replays stay on the event loop", () => {
    expect(replayOnThread(job("a"))).toBeNull();
    expect(startReplayThread(path.join(tmpdir(), "no-such-replay-worker.mjs"))).toBe(false);
    expect(replayOnThread(job("a"))).toBeNull();
  });

  it("leaves replays on the event loop until the thread is up, then answers each under its own id, many at once", async () => {
    expect(startReplayThread(fakeFile())).toBe(true);
    // Its start is not waited for.
    expect(replayOnThread(job("early"))).toBeNull();
    expect(await replayThreadOnline()).toBe(true);
    const seeds = Array.from({ length: 40 }, (_, i) => `s${i}`);
    const answers = await Promise.all(seeds.map((s, i) => replayOnThread(job(s, Array(i % 5).fill({ action: "x", payload: {} })))));
    expect(answers).toEqual(seeds.map((s, i) => ({ stateText: `${s}:${i % 5}` })));
  });

  // A stuck thread is found by the timeout; one that exits or throws at once, without waiting for it.
  it.each([
    ["stall", 200],
    ["exit", 60_000],
    ["throw", 60_000],
  ] as const)("answers null when the thread does not answer (%s), for every replay it holds, and replaces it", { timeout: 10_000 }, async (seed, timeoutMs) => {
    expect(startReplayThread(fakeFile(), { timeoutMs })).toBe(true);
    await replayThreadOnline();
    expect(await replayOnThread(job("before"))).toEqual({ stateText: "before:0" });
    const bad = replayOnThread(job(seed));
    const queued = replayOnThread(job("behind"));
    expect(await bad).toBeNull();
    expect(await queued).toBeNull();
    // Until its replacement is up, replays stay on the event loop; then it answers.
    expect(replayOnThread(job("meanwhile"))).toBeNull();
    await replayThreadOnline();
    expect(await replayOnThread(job("after"))).toEqual({ stateText: "after:0" });
    expect(replayThreadCounts()).toEqual({ up: 1, started: 2, answered: 2, missed: 2 });
  });

  it("backs off when its replacements keep failing, and is back to the first delay after an answer", { timeout: 20_000 }, async () => {
    expect(startReplayThread(fakeFile())).toBe(true);
    const gaps: number[] = [];
    for (let i = 0; i < 4; i++) {
      await replayThreadOnline();
      const lost = Date.now();
      expect(await replayOnThread(job("exit"))).toBeNull();
      await replayThreadOnline();
      gaps.push(Date.now() - lost);
    }
    // 0.1, 0.2, 0.4, 0.8 s (and each thread's own start): every gap at least the one before doubled.
    for (let i = 1; i < gaps.length; i++) expect(gaps[i]).toBeGreaterThanOrEqual(100 * 2 ** i);
    expect(await replayOnThread(job("fine"))).toEqual({ stateText: "fine:0" });
    const reset = Date.now();
    expect(await replayOnThread(job("exit"))).toBeNull();
    await replayThreadOnline();
    expect(Date.now() - reset).toBeLessThan(100 * 2 ** 4);
  });

  it("compiled (replay-worker.mjs) answers exactly what replaying on the event loop does", { timeout: 60_000 }, async () => {
    expect(startReplayThread(await compiledWorker())).toBe(true);
    await replayThreadOnline();
    const engine = getMechanic("match3_v1");
    for (const seed of ["one", "two", "three"]) {
      // A bot's run of up to 12 moves, then one the engine refuses, then one that cannot be read.
      const commands: TCommand[] = [];
      let state = engine.init(level, seed);
      for (let i = 0; i < 12 && !engine.isFinished(state); i++) {
        const c = suggestCommand("match3_v1", engine.view(state));
        if (!c) break;
        commands.push(c);
        state = engine.apply(state, c).state;
      }
      expect(commands.length).toBeGreaterThan(0);
      for (const cs of [commands, [...commands, { action: "forged", payload: {} }]]) {
        const onThread = await replayOnThread(job(seed, cs));
        expect(onThread).toEqual({ stateText: replayText(job(seed, cs)) });
        expect(onThread!.stateText).not.toBeNull();
      }
    }
    // An unknown mechanic: the engine throws, on the thread as on the event loop (null text).
    expect(await replayOnThread({ ...job("x"), mechanic: "no_such_game" })).toEqual({ stateText: null });
  });

  // A replay handed over must not take the event loop's CPU: the thread runs nicer than the loop.
  it.runIf(process.platform === "linux")("compiled, runs nicer than the event loop that posts to it", { timeout: 60_000 }, async () => {
    const worker = await compiledWorker();
    const loop = niceOf(readFileSync("/proc/thread-self/stat", "utf8"));
    const nicer = Math.min(19, loop + REPLAY_THREAD_NICER);
    const before = threadsAt(nicer);
    expect(startReplayThread(worker)).toBe(true);
    await replayThreadOnline();
    expect(await replayOnThread(job("one"))).not.toBeNull(); // it has run its start, the lowering included
    expect(threadsAt(nicer)).toBe(before + 1);
    await stopReplayThread();
    expect(threadsAt(nicer)).toBe(before);
  });
});
