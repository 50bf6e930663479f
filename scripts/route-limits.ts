/**
 * The table of which route counts which rate limit, drawn from the routes' own meta (`limits`) and
 * the policy table: docs/operations/security.md holds it between two markers, and
 * scripts/route-limits.test.ts fails when it no longer matches the code.
 * `node --import tsx scripts/route-limits.ts --update` redraws it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { forEachOpenApiProcedure } from "trpc-to-openapi";
import { appRouter } from "@/server/routers/_app";
import { RATE_POLICIES, type TLimitPer } from "@/server/rate-limit/policies";
import type { TLimitWhen, TMeta } from "@/server/trpc/init";

export const SECURITY_DOC = "docs/operations/security.md";
const BEGIN = "<!-- route-limits:begin (drawn by scripts/route-limits.ts --update) -->";
const END = "<!-- route-limits:end -->";

const PER: Record<TLimitPer, string> = {
  address: "address", email: "e-mail", email_address: "e-mail and address", email_network: "e-mail and network (/24, /48)", account: "account", project: "project",
  project_address: "project and address", player: "player", session: "player session",
};
const WHEN: Record<TLimitWhen, string> = {
  first: "before the handler",
  handler: "where the handler reaches it",
  replay_first: "after a replay is answered (a replay gives its points back)",
  exemption: "only for what the handler lets past its own limit's refusal",
};

function window(sec: number): string {
  if (sec % 86_400 === 0) return sec === 86_400 ? "day" : `${sec / 86_400} days`;
  if (sec % 3600 === 0) return sec === 3600 ? "h" : `${sec / 3600} h`;
  if (sec % 60 === 0) return sec === 60 ? "min" : `${sec / 60} min`;
  return `${sec} s`;
}

export function drawRouteLimits(): string {
  const rows: string[] = ["| Route | Limits, in the order they count | When |", "|---|---|---|"];
  forEachOpenApiProcedure(appRouter._def.procedures, ({ meta }) => {
    const m = meta as TMeta & { openapi: NonNullable<TMeta["openapi"]> };
    for (const group of m.limits ?? []) {
      const limits = group.policies.map((name) => {
        const p = RATE_POLICIES[name];
        return `\`${name}\`: ${p.windows.map((w) => `${w.points.toLocaleString("en")} / ${window(w.durationSec)}`).join(" and ")} per ${PER[p.per]}${"lease" in p && p.lease ? ", in blocks" : ""}`;
      });
      rows.push(`| \`${m.openapi.method} ${m.openapi.path}\` | ${limits.join("; ")} | ${WHEN[group.when]} |`);
    }
  });
  return rows.join("\n");
}

/** `doc` with the table between the markers replaced (null when the markers are missing). */
export function withRouteLimits(doc: string, table: string): string | null {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start === -1 || end < start) return null;
  return `${doc.slice(0, start + BEGIN.length)}\n${table}\n${doc.slice(end)}`;
}

if (process.argv.includes("--update")) {
  const doc = readFileSync(SECURITY_DOC, "utf8");
  const next = withRouteLimits(doc, drawRouteLimits());
  if (next === null) throw new Error(`${SECURITY_DOC} has lost its route-limits markers`);
  writeFileSync(SECURITY_DOC, next);
  console.log(`${SECURITY_DOC}: route limits redrawn`);
  process.exit(0);
}
