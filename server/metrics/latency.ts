import { services } from "@/server/services/container";
import type { LatencyRecorder } from "./latency-recorder";

export { LatencyRecorder } from "./latency-recorder";

/** The process recorder (wired by setupServices). */
export function latencyRecorder(): LatencyRecorder {
  return services().latency;
}
