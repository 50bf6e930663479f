import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";

export const healthMeta: TMeta = {
  auth: "none",
  openapi: {
    method: "GET",
    path: "/v1/health",
    tags: ["Operational"],
    summary: "Liveness",
    description: "Answers 200 while the process serves requests. Touches no dependency; use /v1/ready for readiness.",
    protect: false,
  },
};
export const ZHealthRequestSchema = z.object({}).optional();
export const ZHealthResponseSchema = z.object({ status: z.literal("ok").describe("Always `ok` when the process answers") });
