import { z } from "zod";

// Shared by the event procedures; each procedure's own meta and schemas live beside it.
export const tags = ["Events and progress"];
export const ZEventAccepted = z.object({ accepted: z.literal(true), duplicate: z.boolean().describe("true when an Idempotency-Key was seen before"), received_at: z.string() });
export const ZPayload = z.record(z.string(), z.unknown()).default({});
