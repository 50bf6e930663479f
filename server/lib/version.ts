import { readFileSync } from "node:fs";
import path from "node:path";

let cached: string | null = null;

/**
 * The service's version, from package.json: the one number /v1/status reports and the API
 * reference shows (npm_package_version exists only under `npm run`, so it cannot be the source).
 */
export function appVersion(): string {
  if (cached) return cached;
  try {
    const pkg = JSON.parse(readFileSync(path.resolve("package.json"), "utf8")) as { version?: unknown };
    cached = typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    cached = "0.0.0";
  }
  return cached;
}
