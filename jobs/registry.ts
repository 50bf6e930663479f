import type { TJobDefinition } from "./types";
import { heartbeatJob } from "./handlers/heartbeat";

/** Every job the worker runs. */
export const JOBS: TJobDefinition[] = [heartbeatJob as unknown as TJobDefinition];
