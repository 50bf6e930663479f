import { createCampaign } from "@/server/domain/money";
import type { TRewardType } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { createMeta, ZCampaignCreateRequestSchema, ZCampaignSchema } from "./campaigns.types";

export const createCampaignRoute = adminProcedure
  .meta(createMeta)
  .input(ZCampaignCreateRequestSchema)
  .output(ZCampaignSchema)
  .mutation(({ ctx, input }) => {
    const { project_id, ...fields } = input;
    return createCampaign({ accountId: ctx.admin.accountId, projectId: project_id, fields: { ...fields, reward_type: fields.reward_type as TRewardType }, requestId: ctx.requestId });
  });
