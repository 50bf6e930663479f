import { getEmbedSnippet } from "@/server/domain/workspace";
import { adminProcedure } from "@/server/trpc/procedures";
import { embedMeta, ZEmbedResponseSchema } from "./embed.types";
import { ZProjectIdInput } from "./shared.types";

export const embedRoute = adminProcedure
  .meta(embedMeta)
  .input(ZProjectIdInput)
  .output(ZEmbedResponseSchema)
  .query(({ ctx, input }) => getEmbedSnippet({ accountId: ctx.admin.accountId, projectId: input.project_id }));
