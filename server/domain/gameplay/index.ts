/**
 * Gameplay — what a player does: runs and their commands, progression and streaks, replay verification, the lobby, events, the widget and play shell's project view. Reads and writes are SQL (no Prisma client here).
 *
 * The context's public entry: code outside it imports from here (tests may reach inside).
 */
export * from "./catalogue/catalogue-entries";
export * from "./catalogue/wheels";
export * from "./events/event-partitions";
export * from "./events/ingest";
export * from "./events/streak";
export * from "./play/apply-command";
export * from "./play/capability";
export * from "./play/expiry-sweep";
export * from "./play/get-run";
export * from "./play/level-goals";
export * from "./play/levels";
export * from "./play/lobby";
export * from "./play/progress-state";
export * from "./play/reward-status";
export { replayThreadCounts, startReplayThread, type TReplayThreadCounts } from "./play/replay-thread";
export { winCheckCounts, type TWinCheckCounts } from "./play/verify-run";
export * from "./play/run-evidence";
export * from "./play/run-model";
export * from "./play/run-replay";
export * from "./play/start-run";
export * from "./play/telemetry";
export * from "./widget/exposure";
export * from "./widget/play-shell-project";
export * from "./widget/preview";
export * from "./widget/widget-config";
export * from "./wording/project-wording";
