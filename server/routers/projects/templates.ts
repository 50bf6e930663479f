import { listTemplatesForAccount } from "@/server/domain/workspace";
import { adminProcedure } from "@/server/trpc/procedures";
import { ZTemplatesRequestSchema } from "./shared.types";
import { templatesMeta, ZTemplatesResponseSchema } from "./templates.types";

export const templatesRoute = adminProcedure
  .meta(templatesMeta)
  .input(ZTemplatesRequestSchema)
  .output(ZTemplatesResponseSchema)
  .query(async ({ ctx }) => ({ templates: await listTemplatesForAccount({ accountId: ctx.admin.accountId }) }));
