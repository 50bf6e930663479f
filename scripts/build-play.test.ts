import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildPlay, GAME_CHUNKS, sha256, type Manifest } from "./build-play";

// Builds into a temp folder so the test never races a developer's .build/play.
let out: string;
let first: Manifest;
let second: Manifest;
let coldMs = 0;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), "play-build-"));
  const t0 = performance.now();
  first = await buildPlay(out);
  coldMs = performance.now() - t0;
  second = await buildPlay(out);
}, 60_000);

afterAll(async () => {
  await rm(out, { recursive: true, force: true });
});

describe("buildPlay", () => {
  it("names the release r + 12 hex and keeps it stable across builds", () => {
    expect(first.release).toMatch(/^r[0-9a-f]{12}$/);
    expect(second.release).toBe(first.release);
    // an unchanged build leaves the manifest as it was (built_at included)
    expect(second).toEqual(first);
  });

  it("is fast", () => {
    // target is < 2 s (typically ~0.2 s); the bound leaves room for a loaded CI machine
    expect(coldMs).toBeLessThan(5_000);
  });

  it("writes a manifest consistent with the files on disk", () => {
    const onDisk = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as Manifest;
    expect(onDisk).toEqual(first);
    expect(Object.keys(onDisk).sort()).toEqual(["built_at", "release", "shell", "widget"]);
    expect(onDisk.shell.js).toBe("shell.js");
    expect(onDisk.shell.css).toBe("shell.css");
    expect(Object.keys(onDisk.shell.games).sort()).toEqual(Object.keys(GAME_CHUNKS).sort());
    expect(new Date(onDisk.built_at).toISOString()).toBe(onDisk.built_at);
    const dir = path.join(out, "shell", onDisk.release);
    for (const rel of [onDisk.shell.js, onDisk.shell.css, ...Object.values(onDisk.shell.games)]) expect(existsSync(path.join(dir, rel))).toBe(true);
    const widget = readFileSync(path.join(out, onDisk.widget.file));
    expect(onDisk.widget.file).toBe("widget/widget.js");
    expect(onDisk.widget.etag).toBe(sha256(widget));
    expect(onDisk.widget.etag).toMatch(/^[0-9a-f]{64}$/);
  });

  it("derives the release from the shell outputs' contents", () => {
    const dir = path.join(out, "shell", first.release);
    const names = ["shell.js", "replay.js", "shell.css", ...Object.values(first.shell.games)].sort();
    const joined = Buffer.concat(names.flatMap((n) => [Buffer.from(`${n}\0`), readFileSync(path.join(dir, n)), Buffer.from("\0")]));
    expect(`r${sha256(joined).slice(0, 12)}`).toBe(first.release);
  });

  it("precompresses every asset as .br and .gz that decompress to the original", () => {
    const dir = path.join(out, "shell", first.release);
    const files = [
      ...["shell.js", "replay.js", "shell.css", ...Object.values(first.shell.games)].map((f) => path.join(dir, f)),
      path.join(out, first.widget.file),
    ];
    for (const f of files) {
      const raw = readFileSync(f);
      expect(brotliDecompressSync(readFileSync(`${f}.br`)).equals(raw)).toBe(true);
      expect(gunzipSync(readFileSync(`${f}.gz`)).equals(raw)).toBe(true);
      expect(readFileSync(`${f}.br`).length).toBeLessThan(raw.length);
    }
  });

  it("keeps bundles small and in the expected shape", () => {
    const dir = path.join(out, "shell", first.release);
    const js = readFileSync(path.join(dir, "shell.js"), "utf8");
    expect(js.length).toBeLessThan(120_000);
    expect(js.startsWith("(()=>{") || js.startsWith('"use strict";(()=>{')).toBe(true); // iife, no module syntax
    expect(js).not.toMatch(/\bimport\s*\(|\bexport\s/);
    expect(readFileSync(path.join(out, first.widget.file)).length).toBeLessThan(8 * 1024);
    for (const [mechanic, rel] of Object.entries(first.shell.games)) {
      expect(readFileSync(path.join(dir, rel), "utf8")).toContain(mechanic);
    }
  });
});
