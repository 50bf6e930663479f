import { webhookSecret } from "./signature";

/** How long the previous secret version keeps working after a rotation (test inbox, dual signatures). */
export const ROTATION_GRACE_MS = 24 * 3600_000;

export type TSecretState = { projectId: string; version: number; rotatedAt: Date | null; dualSignatures: boolean };

/** Whether the previous version is still inside its grace period. */
export function previousVersionUsable(s: Pick<TSecretState, "version" | "rotatedAt">, at: Date): boolean {
  return s.version > 1 && s.rotatedAt !== null && at.getTime() - s.rotatedAt.getTime() < ROTATION_GRACE_MS;
}

/**
 * The secrets a delivery is signed with at this attempt: always the current version (first, so
 * spec receivers verify the first `v1`); with dual signatures switched on, also the previous
 * version during the 24 hours after a rotation, so receivers can rotate without downtime.
 */
export function signingSecrets(s: TSecretState, at: Date): string[] {
  const secrets = [webhookSecret(s.projectId, s.version)];
  if (s.dualSignatures && previousVersionUsable(s, at)) secrets.push(webhookSecret(s.projectId, s.version - 1));
  return secrets;
}
