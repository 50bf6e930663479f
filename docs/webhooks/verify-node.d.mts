// Types of the plain-Node receiver example (verify-node.mjs), for the tests that run it.
/** One secret, or the secrets held during a rotation (the new and the previous one). */
export type Secrets = string | readonly string[];
export function verify(rawBody: Buffer | string, header: string | null | undefined, secrets: Secrets, nowSeconds?: number): boolean;
export function createReceiver(secrets: Secrets, onReward?: (body: Record<string, unknown>) => unknown): import("node:http").Server;
