/**
 * Paths the layering rules name, shared by .dependency-cruiser.cjs (what a module imports) and
 * scripts/guardrails.ts (what a decider loads when it runs, through every module it imports).
 */
/** Pure deciders: the `decide-*.ts` and `*-model.ts` files of the domain and the games' engines. */
module.exports.DECIDERS = "^(server/domain/.+(-model|/decide-[a-z-]+)\\.ts$|games/)";
/** What does I/O: the database, Redis, HTTP, jobs, the filesystem and the network. */
module.exports.IO = [
  "^server/(db|http|trpc|routers|jobs|stores|services|rate-limit)/",
  "^node_modules/(pg|ioredis|@prisma|pg-boss|rate-limiter-flexible)/",
  "^(node:)?(fs|net|http|https|child_process|dns|dgram)$",
];
