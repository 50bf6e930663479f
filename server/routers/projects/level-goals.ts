import { levelGoals } from "@/server/domain/gameplay";
import { adminProcedure } from "@/server/trpc/procedures";
import { levelGoalsMeta, ZLevelGoalsResponseSchema } from "./level-goals.types";
import { ZProjectIdInput } from "./shared.types";

export const levelGoalsRoute = adminProcedure
  .meta(levelGoalsMeta)
  .input(ZProjectIdInput)
  .output(ZLevelGoalsResponseSchema)
  .query(({ ctx, input }) => levelGoals({ accountId: ctx.admin.accountId, projectId: input.project_id }));
