import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const INPUTS = ["app", "server", "public", "next.config.mjs", "postcss.config.mjs", "package.json", "tsconfig.json"];
const STAMP = ".next/playloop-build-stamp";

/** Builds the Next.js app when its inputs changed since the last build (a fresh clone always builds). */
export function buildIfNeeded(log: (m: string) => void = console.log): void {
  const hash = inputsHash();
  if (existsSync(".next/BUILD_ID") && existsSync(STAMP) && readFileSync(STAMP, "utf8") === hash) return;
  log("Building the web app (first run or sources changed)…");
  const result = spawnSync(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "build"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", NODE_ENV: "production" },
  });
  if (result.status !== 0) throw new Error("next build failed");
  writeFileSync(STAMP, hash);
}

function inputsHash(): string {
  const h = createHash("sha256");
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      if (p.endsWith("generated") || p.endsWith("node_modules")) return;
      for (const e of readdirSync(p).sort()) walk(path.join(p, e));
    } else if (!/\.test\.tsx?$/.test(p)) {
      h.update(p).update(readFileSync(p));
    }
  };
  for (const i of INPUTS) walk(i);
  return h.digest("hex");
}

if (process.argv[1] && import.meta.url.endsWith(path.basename(process.argv[1]))) buildIfNeeded();
