import { listCampaigns } from "@/server/domain/money";
import { adminProcedure } from "@/server/trpc/procedures";
import { listMeta, ZCampaignListRequestSchema, ZCampaignListResponseSchema } from "./campaigns.types";

export const listCampaignsRoute = adminProcedure
  .meta(listMeta)
  .input(ZCampaignListRequestSchema)
  .output(ZCampaignListResponseSchema)
  .query(async ({ ctx, input }) => ({ campaigns: await listCampaigns({ accountId: ctx.admin.accountId, projectId: input.project_id }) }));
