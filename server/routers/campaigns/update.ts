import { updateCampaign } from "@/server/domain/money";
import type { TRewardType } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { updateMeta, ZCampaignSchema, ZCampaignUpdateRequestSchema } from "./campaigns.types";

export const updateCampaignRoute = adminProcedure
  .meta(updateMeta)
  .input(ZCampaignUpdateRequestSchema)
  .output(ZCampaignSchema)
  .mutation(({ ctx, input }) => {
    const { project_id, campaign_id, ...patch } = input;
    return updateCampaign({ accountId: ctx.admin.accountId, projectId: project_id, campaignId: campaign_id, patch: { ...patch, reward_type: patch.reward_type as TRewardType | undefined }, requestId: ctx.requestId });
  });
