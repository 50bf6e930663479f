import { replaceService, services, type TClientStatus } from "@/server/services/container";

/** Pretends the player clients have another build status; returns the restore function. */
export function setClientStatus(status: (templateId: string) => TClientStatus): () => void {
  return replaceService("probes", { ...services().probes, clientStatus: status });
}
