/**
 * The house's layering rules, checked in `npm test` (scripts/guardrails.ts) against a baseline of
 * known violations that may only shrink (guardrails-baseline.json). A rule here is a promise of
 * the architecture: docs/development/architecture.md says why each exists.
 */
const { DECIDERS, IO } = require("./scripts/layer-paths.cjs");

/** The bounded contexts, top row first: a context imports only the rows below its own. */
const { CONTEXT_ROWS } = require("./scripts/context-rows.cjs");
const contextRules = CONTEXT_ROWS.flatMap((row, level) =>
  row.map((context) => {
    const notBelow = CONTEXT_ROWS.slice(0, level + 1).flat().filter((c) => c !== context);
    return {
      name: `context-${context}-imports-down`,
      severity: "error",
      comment: `${context} may import only ${CONTEXT_ROWS.slice(level + 1).flat().join(", ") || "no other context"} (the rows below it).`,
      from: { path: `^server/domain/${context}/` },
      to: { path: `^server/domain/(${notBelow.join("|")})/` },
    };
  }),
);

module.exports = {
  forbidden: [
    ...contextRules,
    ...CONTEXT_ROWS.flat().map((context) => ({
      name: `context-${context}-one-entry`,
      severity: "error",
      comment: `Code outside ${context} imports it through its public entry, server/domain/${context}/index.ts (tests may reach inside to test it).`,
      from: { path: "^(server|jobs|scripts|app)/", pathNot: [`^server/domain/${context}/`, "\\.test\\.tsx?$"] },
      to: { path: `^server/domain/${context}/.+/` },
    })),
    {
      name: "context-not-own-entry",
      severity: "error",
      comment: "Inside a context, modules import each other directly: the entry is for the outside.",
      from: { path: "^server/domain/([a-z]+)/.+/" },
      to: { path: "^server/domain/$1/index\\.ts$" },
    },
    {
      name: "domain-in-contexts",
      severity: "error",
      comment: "Every domain module belongs to one bounded context.",
      from: { path: "^server/domain/", pathNot: `^server/domain/(${CONTEXT_ROWS.flat().join("|")})/` },
      to: {},
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes two modules one: neither can be read or changed alone.",
      from: { path: "^(server|app|client|jobs|scripts|games|i18n)/" },
      to: { circular: true },
    },
    {
      name: "routers-no-database",
      severity: "error",
      comment: "Procedures declare policy and call the domain; SQL and Prisma live in the domain and its stores.",
      from: { path: "^server/routers/" },
      to: { path: ["^server/db/", "^node_modules/(pg|@prisma)/"] },
    },
    {
      name: "domain-no-transport",
      severity: "error",
      comment: "The domain knows nothing of HTTP, tRPC or the routers, so any edge (REST, tRPC, jobs) can call it.",
      from: { path: "^server/domain/" },
      to: { path: ["^server/(http|trpc|routers)/", "^app/", "^node_modules/(@trpc|trpc-to-openapi|next)/"] },
    },
    {
      name: "deciders-no-io",
      severity: "error",
      comment: "A decider takes loaded facts and returns what to write: no database, Redis, network, files or clock it did not receive.",
      from: { path: DECIDERS, pathNot: "\\.test\\.ts$" },
      to: { path: [...IO, "^server/lib/clock\\.ts$"] },
    },
    {
      name: "games-stand-alone",
      severity: "error",
      comment: "A game (games/<id>/: manifest, engine, levels, bot, report) is one package that the service, the play shell and the console import through @/games; it imports none of them.",
      from: { path: "^games/" },
      to: { path: "^(server|client|app|jobs|scripts)/" },
    },
    {
      name: "i18n-stand-alone",
      severity: "error",
      comment: "The formatting module (i18n/) is shared by the service, the console and the play shell; it imports none of them.",
      from: { path: "^i18n/" },
      to: { path: "^(server|client|app|jobs|scripts|games)/" },
    },
    {
      name: "client-no-server",
      severity: "error",
      comment: "The play shell and the renderers reach the games through @/games, never the service's code.",
      from: { path: "^client/" },
      to: { path: "^(server|jobs)/" },
    },
    {
      name: "server-no-app",
      severity: "error",
      comment: "The service never imports the console.",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^server/db/generated/", "^\\.next/", "^sdk/node/dist/", "node_modules"] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { exportsFields: ["exports"], conditionNames: ["import", "require", "node", "default", "types"], extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"] },
    builtInModules: { add: ["bun"] },
  },
};
