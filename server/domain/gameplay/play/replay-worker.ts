import { parentPort } from "node:worker_threads";
import { replayText, type TReplayJob } from "./replay-text";
import { lowerThisThreadsPriority } from "./replay-thread-priority";

/**
 * The replay thread's entry (compiled to .build/server/replay-worker.mjs beside web.mjs, see
 * scripts/build-server.ts): each message is a run to replay, each answer its final state's
 * canonical text under the message's id. It only computes; every decision stays with the web
 * process's transaction (verify-run.ts). It runs nicer than the event loop that posts to it.
 */
const port = parentPort;
if (!port) throw new Error("replay-worker runs as a worker thread of the web process");
lowerThisThreadsPriority();
port.on("message", (job: TReplayJob & { id: number }) => {
  port.postMessage({ id: job.id, stateText: replayText(job) });
});
