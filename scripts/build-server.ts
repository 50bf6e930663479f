// Compiles the service's processes into .build/server/ (git-ignored): web.mjs and worker.mjs (and
// the web process's replay thread, replay-worker.mjs), each one ES module of our own code
// (packages stay in node_modules) with its source map beside it.
//   node --import tsx scripts/build-server.ts
// `npm start`, `npm run web` / `worker`, the fault suite and the bench run these files on plain
// Node: no TypeScript loader in a serving process. tsx transforms with names kept (a helper call
// on every closure a request creates) and hooks module loading; the compiled web process spent
// 8 % less CPU per game command in three interleaved pairs (docs/performance-log.md, 2026-12-01).
// Each file is written to a temporary name and renamed, so instances starting at once on one host
// never load half a file. About a second.
import { build } from "esbuild";
import { randomBytes } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SERVER_OUT = path.join(ROOT, ".build/server");

/** The processes and their sources; the bench's web process is its own entry (no Next.js). */
const SERVER_ENTRIES = {
  web: "server/http/main.ts",
  worker: "jobs/worker.ts",
  "bench-api": "bench/api-server.ts",
  "replay-worker": "server/domain/gameplay/play/replay-worker.ts",
} as const;
export type TServerEntry = keyof typeof SERVER_ENTRIES;

/** Entries a process loads beside itself: the web processes start their replay thread from replay-worker.mjs. */
const COMPANIONS: Partial<Record<TServerEntry, TServerEntry[]>> = { web: ["replay-worker"], "bench-api": ["replay-worker"] };

/** The file a process runs. */
export function serverBundle(name: TServerEntry, root = ROOT): string {
  return path.join(root, ".build/server", `${name}.mjs`);
}

/** Node's arguments for a compiled process: stack traces point at the TypeScript sources. */
export const SERVER_NODE_ARGS = ["--enable-source-maps"] as const;

export async function buildServer(asked: TServerEntry[] = ["web", "worker"]): Promise<void> {
  const names = [...new Set(asked.flatMap((n) => [n, ...(COMPANIONS[n] ?? [])]))];
  await mkdir(SERVER_OUT, { recursive: true });
  await Promise.all(
    names.map(async (name) => {
      const out = serverBundle(name);
      const result = await build({
        absWorkingDir: ROOT,
        entryPoints: [SERVER_ENTRIES[name]],
        outfile: out,
        bundle: true,
        platform: "node",
        format: "esm",
        target: "node20",
        packages: "external", // node_modules load as they are (Prisma, Next.js, sharp's binary)
        sourcemap: "linked",
        write: false,
        logLevel: "warning",
      });
      const tmp = `.${randomBytes(4).toString("hex")}.tmp`;
      // The map first: a process that loads the new module finds its map.
      const isMap = (f: { path: string }) => f.path.endsWith(".map");
      for (const f of [...result.outputFiles.filter(isMap), ...result.outputFiles.filter((f) => !isMap(f))]) {
        await writeFile(f.path + tmp, f.contents);
        await rename(f.path + tmp, f.path);
      }
    }),
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2) as TServerEntry[];
  for (const n of names) if (!(n in SERVER_ENTRIES)) throw new Error(`unknown entry ${n}; one of ${Object.keys(SERVER_ENTRIES).join(", ")}`);
  await buildServer(names.length ? names : undefined);
}
