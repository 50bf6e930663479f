import { listProjects } from "@/server/domain/workspace";
import { adminProcedure } from "@/server/trpc/procedures";
import { listMeta, ZProjectListResponseSchema } from "./list.types";
import { ZTemplatesRequestSchema } from "./shared.types";

export const listProjectsRoute = adminProcedure
  .meta(listMeta)
  .input(ZTemplatesRequestSchema)
  .output(ZProjectListResponseSchema)
  .query(async ({ ctx }) => ({ projects: await listProjects({ accountId: ctx.admin.accountId }) }));
