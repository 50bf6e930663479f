import type { TJobDefinition } from "./types";
import { expireRunsJob } from "./handlers/expire-runs";
import { heartbeatJob } from "./handlers/heartbeat";

/** Every job the worker runs. */
export const JOBS: TJobDefinition[] = [heartbeatJob, expireRunsJob] as unknown as TJobDefinition[];
