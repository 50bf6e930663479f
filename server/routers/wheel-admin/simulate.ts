import { routePolicy } from "@/server/trpc/policy";
import { simulateWheel } from "@/server/domain/money";
import { adminOriginProcedure } from "@/server/trpc/procedures";
import { simulateMeta, ZSimulateRequestSchema, ZSimulateResponseSchema } from "./wheel-admin.types";

export const wheelSimulateRoute = adminOriginProcedure
  .meta(simulateMeta)
  .input(ZSimulateRequestSchema)
  .use(routePolicy)
  .output(ZSimulateResponseSchema)
  .mutation(({ ctx, input }) => simulateWheel({ accountId: ctx.admin.accountId, projectId: input.project_id, wheelId: input.wheel_id, spinsPerDay: input.spins_per_day }));
