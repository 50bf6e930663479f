// Builds the player-facing assets into .build/play/ (git-ignored):
//   shell/<release>/shell.js, replay.js, shell.css, games/<mechanic>.js   (+ .br, .gz each)
//   widget/widget.js (+ .br, .gz)        manifest.json
// <release> = "r" + 12 hex of sha256 over every shell output, so it changes
// exactly when shipped shell content changes (safe to cache immutable).
// Idempotent: an unchanged release folder is not rewritten, and an
// unchanged manifest keeps its built_at. Release folders are written to a
// temp dir and renamed, so a server never sees half a release.
//   node --import tsx scripts/build-play.ts
import { build, type BuildOptions } from "esbuild";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { GAME_METAS } from "@/games/metas";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const PLAY_SRC = path.join(ROOT, "client");
export const PLAY_OUT = path.join(ROOT, ".build/play");

/** Renderer chunks, from the games' metas: mechanic id -> the GameModule `export` of client/games/<module>.ts */
export const GAME_CHUNKS: Record<string, { module: string; export: string }> = Object.fromEntries(
  GAME_METAS.map((g) => [g.id, { module: g.client.module, export: g.client.export }]),
);
/**
 * What the shell needs from the games' metas, passed in as constants (esbuild `define`) rather than
 * imported: the shell bundles no game data of its own.
 */
export const SHELL_DEFINES: Record<string, string> = {
  PLAYLOOP_HERO_ART: JSON.stringify(Object.fromEntries(GAME_METAS.map((g) => [g.id, g.client.hero]))),
};
/** Older releases kept for players whose page still runs them (they lazy-load game chunks). */
const KEEP_RELEASES = 5;
// CSS targets let esbuild lower newer syntax (e.g. `inset`) for old phones
const CSS_TARGET = ["chrome64", "safari12", "firefox67", "edge79"];

export type Manifest = {
  release: string;
  shell: { js: string; css: string; games: Record<string, string>; replay?: string };
  widget: { file: string; etag: string };
  built_at: string;
};

const JS: BuildOptions = {
  bundle: true,
  minify: true,
  target: "es2019",
  format: "iife",
  write: false,
  legalComments: "none",
  charset: "utf8",
  logLevel: "silent",
};

async function bundle(opts: BuildOptions): Promise<Buffer> {
  const r = await build({ ...JS, ...opts });
  const out = r.outputFiles?.[0];
  if (!out) throw new Error("esbuild produced no output");
  return Buffer.from(out.contents);
}

function gameChunk(mechanic: string, chunk: { module: string; export: string }): Promise<Buffer> {
  return bundle({
    stdin: {
      // a generated entry: the renderer module stays side-effect free, the chunk registers it
      contents: `import { ${chunk.export} } from "./${chunk.module}";\nimport { registerGame } from "./registry";\nregisterGame(${chunk.export});\n`,
      resolveDir: path.join(PLAY_SRC, "games"),
      sourcefile: `${mechanic}.entry.ts`,
      loader: "ts",
    },
  });
}

export const sha256 = (b: Buffer | string) => createHash("sha256").update(b).digest("hex");

export function compress(buf: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length } }),
    gz: gzipSync(buf, { level: 9 }),
  };
}

/** Writes file (+ .br/.gz) unless identical content is already there. */
async function writeWithVariants(file: string, content: Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  if (existsSync(file) && existsSync(`${file}.br`) && existsSync(`${file}.gz`) && (await readFile(file)).equals(content)) return;
  const { br, gz } = compress(content);
  for (const [name, data] of [[`${file}.br`, br], [`${file}.gz`, gz], [file, content]] as const) {
    const tmp = `${name}.${randomBytes(4).toString("hex")}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, name);
  }
}

async function pruneReleases(shellDir: string, current: string): Promise<void> {
  const names = (await readdir(shellDir)).filter((n) => /^r[0-9a-f]{12}$/.test(n) && n !== current);
  const dated = await Promise.all(names.map(async (n) => ({ n, t: (await stat(path.join(shellDir, n))).mtimeMs })));
  dated.sort((a, b) => b.t - a.t);
  for (const { n } of dated.slice(KEEP_RELEASES - 1)) await rm(path.join(shellDir, n), { recursive: true, force: true });
  // leftovers of an interrupted build
  for (const n of await readdir(shellDir)) if (n.startsWith(".tmp-")) await rm(path.join(shellDir, n), { recursive: true, force: true });
}

export async function buildPlay(outDir: string = PLAY_OUT): Promise<Manifest> {
  const mechanics = Object.keys(GAME_CHUNKS).sort();
  const [js, replayJs, cssResult, widget, ...games] = await Promise.all([
    bundle({ entryPoints: [path.join(PLAY_SRC, "shell/main.ts")], define: SHELL_DEFINES }),
    bundle({ entryPoints: [path.join(PLAY_SRC, "shell/replay.ts")], define: SHELL_DEFINES }),
    build({ entryPoints: [path.join(PLAY_SRC, "shell/shell.css")], bundle: true, minify: true, write: false, target: CSS_TARGET, logLevel: "silent", legalComments: "none", charset: "utf8" }),
    bundle({ entryPoints: [path.join(PLAY_SRC, "widget/loader.ts")] }),
    ...mechanics.map((m) => gameChunk(m, GAME_CHUNKS[m]!)),
  ]);
  const cssOut = cssResult.outputFiles?.[0];
  if (!cssOut) throw new Error("esbuild produced no CSS");
  const css = Buffer.from(cssOut.contents);

  // relative path inside shell/<release>/ -> content
  const files = new Map<string, Buffer>([["shell.js", js], ["replay.js", replayJs], ["shell.css", css]]);
  mechanics.forEach((m, i) => files.set(`games/${m}.js`, games[i] as Buffer));
  const hash = createHash("sha256");
  for (const name of [...files.keys()].sort()) {
    hash.update(name).update("\0").update(files.get(name) as Buffer).update("\0");
  }
  const release = `r${hash.digest("hex").slice(0, 12)}`;

  await mkdir(outDir, { recursive: true });
  // .build/ is not in the repo's .gitignore: make the output folder ignore itself
  const ignore = path.join(outDir, ".gitignore");
  if (!existsSync(ignore)) await writeFile(ignore, "*\n");

  const shellDir = path.join(outDir, "shell");
  const releaseDir = path.join(shellDir, release);
  await mkdir(shellDir, { recursive: true });
  const complete = existsSync(path.join(releaseDir, ".complete"));
  if (!complete) {
    const tmp = path.join(shellDir, `.tmp-${randomBytes(6).toString("hex")}`);
    for (const [name, content] of files) await writeWithVariants(path.join(tmp, name), content);
    await writeFile(path.join(tmp, ".complete"), `${release}\n`);
    await rm(releaseDir, { recursive: true, force: true });
    try {
      await rename(tmp, releaseDir);
    } catch {
      await rm(tmp, { recursive: true, force: true }); // a concurrent build won the race with identical content
    }
  } else {
    const now = new Date();
    await utimes(releaseDir, now, now); // mark as recently used for pruning
  }
  await pruneReleases(shellDir, release);

  const widgetFile = "widget/widget.js";
  await writeWithVariants(path.join(outDir, widgetFile), widget);
  const etag = sha256(widget);

  const manifestPath = path.join(outDir, "manifest.json");
  const manifest: Manifest = {
    release,
    shell: { js: "shell.js", css: "shell.css", replay: "replay.js", games: Object.fromEntries(mechanics.map((m) => [m, `games/${m}.js`])) },
    widget: { file: widgetFile, etag },
    built_at: new Date().toISOString(),
  };
  try {
    const prev = JSON.parse(await readFile(manifestPath, "utf8")) as Manifest;
    if (prev.release === release && prev.widget?.etag === etag && JSON.stringify({ ...prev, built_at: "" }) === JSON.stringify({ ...manifest, built_at: "" })) return prev;
  } catch {
    /* no previous manifest */
  }
  const tmp = `${manifestPath}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(tmp, manifestPath);
  return manifest;
}

async function main(): Promise<void> {
  const t0 = performance.now();
  const m = await buildPlay();
  const dir = path.join(PLAY_OUT, "shell", m.release);
  const rows: string[] = [];
  for (const rel of [m.shell.js, m.shell.css, ...Object.values(m.shell.games)]) {
    const f = path.join(dir, rel);
    rows.push(`  ${rel.padEnd(26)} ${String((await stat(f)).size).padStart(7)} B  br ${String((await stat(`${f}.br`)).size).padStart(6)} B  gz ${String((await stat(`${f}.gz`)).size).padStart(6)} B`);
  }
  const wf = path.join(PLAY_OUT, m.widget.file);
  rows.push(`  ${m.widget.file.padEnd(26)} ${String((await stat(wf)).size).padStart(7)} B  br ${String((await stat(`${wf}.br`)).size).padStart(6)} B  gz ${String((await stat(`${wf}.gz`)).size).padStart(6)} B`);
  console.log(`play assets ${m.release} in ${Math.round(performance.now() - t0)} ms -> ${path.relative(ROOT, PLAY_OUT)}\n${rows.join("\n")}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
