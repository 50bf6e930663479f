import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { db } from "@/server/db/client";
import { registerClientProbe } from "@/server/domain/catalogue/templates";
import { registerActivePlayersProbe } from "@/server/domain/projects/play-probes";
import { isMechanicId } from "@/server/games/registry";
import { now } from "@/server/lib/clock";

/** The built player client (`scripts/build-play.ts` writes it; `npm start` builds it). */
export const PLAY_BUILD_DIR = path.resolve(".build/play");

export type TPlayManifest = {
  release: string;
  shell: { js: string; css: string; games: Record<string, string> };
  widget: { file: string; etag: string };
  built_at: string;
};

let cached: { mtimeMs: number; manifest: TPlayManifest | null } | null = null;

/** The current client build, re-read when the manifest file changes; null when nothing is built. */
export function playManifest(): TPlayManifest | null {
  const file = path.join(PLAY_BUILD_DIR, "manifest.json");
  if (!existsSync(file)) return null;
  const mtimeMs = statSync(file).mtimeMs;
  if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, manifest: JSON.parse(readFileSync(file, "utf8")) as TPlayManifest };
  return cached.manifest;
}

/**
 * Tells the catalogue which games have a built client (an engine alone is not playable) and lets
 * project reads count active players. The streak template runs from its legacy bundle; the wheel
 * waits for its own capability.
 */
export function registerPlayCapability(): void {
  registerClientProbe((templateId) => {
    if (templateId === "streak_v1") return "ready";
    if (!isMechanicId(templateId)) return "not_built";
    const manifest = playManifest();
    if (!manifest) return "not_built";
    return manifest.shell.games[templateId] !== undefined || manifest.shell.js ? "ready" : "not_built";
  });
  registerActivePlayersProbe(async (projectId, mechanic) => {
    if (!mechanic) return 0;
    const since = new Date(now().getTime() - 24 * 3600_000);
    const rows = await db().gameRun.findMany({
      where: { projectId, mechanic, status: "active", expiresAt: { gt: now() }, lastActivityAt: { gte: since } },
      distinct: ["externalUserId"],
      select: { externalUserId: true },
    });
    return rows.length;
  });
}
