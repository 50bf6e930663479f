// Types of the plain-Node receiver example (verify-node.mjs), for the tests that run it.
export function verify(rawBody: Buffer | string, header: string | undefined, secret: string, nowSeconds?: number): boolean;
export function createReceiver(secret: string, onReward: (body: Record<string, unknown>) => unknown): import("node:http").Server;
