import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { forEachOpenApiProcedure } from "trpc-to-openapi";
import { appRouter } from "@/server/routers/_app";

/**
 * Run by `npm test` after vitest: every /v1 procedure must have had a successful response seen by
 * the strict response check (RESPONSE_CHECK=strict, recorded by server/http/response-check.ts
 * into .response-check/). Production skips the response schema (RESPONSE_CHECK=off), which is
 * safe only for responses the tests have proved to be exactly their schema's: a route without a
 * successful call in the integration tests fails here.
 */
const dir = resolve(".response-check");
const seen = new Set<string>();
for (const file of readdirSync(dir)) for (const line of readFileSync(join(dir, file), "utf8").split("\n")) if (line) seen.add(line);
const missing: string[] = [];
let total = 0;
forEachOpenApiProcedure(appRouter._def.procedures as never, ({ path, meta }: { path: string; meta: { openapi: { method: string; path: string } } }) => {
  total++;
  if (!seen.has(path)) missing.push(`${meta.openapi.method} ${meta.openapi.path} (${path})`);
});
if (missing.length > 0) {
  console.error(`No integration test got a successful answer from ${missing.length} of ${total} /v1 routes, so their responses were never checked against their schemas:\n  ${missing.join("\n  ")}`);
  process.exit(1);
}
console.log(`response check: all ${total} /v1 routes answered successfully under RESPONSE_CHECK=strict in the integration tests`);
