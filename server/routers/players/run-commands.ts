import { listRunCommands } from "@/server/domain/insight";
import { adminProcedure } from "@/server/trpc/procedures";
import { runCommandsMeta, ZRunCommandsRequestSchema, ZRunCommandsResponseSchema } from "./players.types";

export const runCommandsRoute = adminProcedure
  .meta(runCommandsMeta)
  .input(ZRunCommandsRequestSchema)
  .output(ZRunCommandsResponseSchema)
  .query(({ ctx, input }) => listRunCommands({ accountId: ctx.admin.accountId, projectId: input.project_id, runId: input.run_id }));
