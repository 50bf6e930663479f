import { getReadiness } from "@/server/domain/platform";
import { AppError } from "@/server/errors/app-error";
import { publicProcedure } from "@/server/trpc/procedures";
import { isDraining } from "@/server/lib/draining";
import { readyMeta, ZReadyRequestSchema, ZReadyResponseSchema } from "./ready.types";

const NAMES: Record<string, string> = { database: "primary datastore (PostgreSQL)", cache: "cache store (Redis)" };

export const readyRoute = publicProcedure
  .meta(readyMeta)
  .input(ZReadyRequestSchema)
  .output(ZReadyResponseSchema)
  .query(async () => {
    if (isDraining()) throw new AppError("service_unavailable", "Not ready: this instance is shutting down", { details: { failed: ["draining"] } });
    const r = await getReadiness();
    if (!r.ready) {
      throw new AppError("service_unavailable", `Not ready: ${r.failed.map((f) => NAMES[f]).join(", ")} unavailable`, {
        details: { failed: r.failed, checks: r.checks },
      });
    }
    return { status: "ready" as const, checks: r.checks as { database: "ok"; cache: "ok" | "in_process" } };
  });
