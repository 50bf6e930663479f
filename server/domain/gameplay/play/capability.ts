import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { pool } from "@/server/db/client";
import type { TServices } from "@/server/services/container";
import { isMechanicId } from "@/games/registry";
import { now } from "@/server/lib/clock";

/** The built player client (`scripts/build-play.ts` writes it; `npm start` builds it). */
export const PLAY_BUILD_DIR = path.resolve(".build/play");

export type TPlayManifest = {
  release: string;
  shell: { js: string; css: string; games: Record<string, string>; replay?: string };
  widget: { file: string; etag: string };
  built_at: string;
};

let cached: { mtimeMs: number; manifest: TPlayManifest | null } | null = null;
let looked: { at: number; manifest: TPlayManifest | null } | null = null;

/** How long an answer of playManifest stands before the file is looked at again. */
const MANIFEST_RECHECK_MS = 1_000;

/**
 * The current client build, re-read when the manifest file changes (seen within a second); null
 * when nothing is built. Every lobby and run start asks (is the game's client built?): the file
 * was stat'ed on each of them, two blocking system calls that were 5 % of the web process's CPU
 * in the lobby bench.
 */
export function playManifest(): TPlayManifest | null {
  const t = performance.now();
  if (looked && t - looked.at < MANIFEST_RECHECK_MS) return looked.manifest;
  const file = path.join(PLAY_BUILD_DIR, "manifest.json");
  let manifest: TPlayManifest | null = null;
  const stat = statSync(file, { throwIfNoEntry: false }); // one system call: exists, and when it changed
  if (stat) {
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, manifest: JSON.parse(readFileSync(file, "utf8")) as TPlayManifest };
    manifest = cached.manifest;
  }
  looked = { at: t, manifest };
  return manifest;
}

/**
 * What the play capability tells the rest of the service, wired once by setupServices: which
 * games have a built client (an engine alone is not playable; the streak template runs from its
 * legacy bundle; the wheel is served by its own player API, GET /v1/wheel and spins, and its
 * icon route, so it is ready wherever a version is published), and how many players are active.
 */
export function playProbes(): TServices["probes"] {
  return {
    clientStatus(templateId) {
      if (templateId === "streak_v1" || templateId === "wheel") return "ready";
      if (!isMechanicId(templateId)) return "not_built";
      const manifest = playManifest();
      if (!manifest) return "not_built";
      return manifest.shell.games[templateId] !== undefined || manifest.shell.js ? "ready" : "not_built";
    },
    /** Distinct players of the mechanic with an active, unexpired run and activity in the last 24 hours. */
    async activePlayers24h(projectId, mechanic) {
      if (!mechanic) return 0;
      const at = now();
      const { rows } = await pool().query<{ n: number }>(
        `SELECT count(DISTINCT external_user_id)::int AS n FROM game_run
          WHERE project_id = $1 AND mechanic = $2 AND status = 'active' AND expires_at > $3 AND last_activity_at >= $4`,
        [projectId, mechanic, at, new Date(at.getTime() - 24 * 3600_000)],
      );
      return rows[0]!.n;
    },
  };
}
