import { createApiKey, listApiKeys, revokeApiKey } from "@/server/domain/api-keys/api-keys";
import { getEmbedSnippet } from "@/server/domain/projects/embed";
import { createProject, getProject, listProjects } from "@/server/domain/projects/projects";
import { updateProject } from "@/server/domain/projects/update-project";
import { listTemplatesForAccount } from "@/server/domain/projects/templates";
import { levelGoals } from "@/server/domain/play/level-goals";
import { adminProcedure } from "@/server/trpc/procedures";
import * as T from "./projects.types";

// The project procedures are one-liners over the domain layer; they share one file because each
// is three lines of wiring (their meta and schemas live in projects.types.ts).

export const listProjectsRoute = adminProcedure
  .meta(T.listMeta)
  .input(T.ZTemplatesRequestSchema)
  .output(T.ZProjectListResponseSchema)
  .query(async ({ ctx }) => ({ projects: await listProjects({ accountId: ctx.admin.accountId }) }));

export const createProjectRoute = adminProcedure
  .meta(T.createMeta)
  .input(T.ZCreateRequestSchema)
  .output(T.ZProjectDetailResponseSchema.omit({ play_settings: true }))
  .mutation(({ ctx, input }) => createProject({ accountId: ctx.admin.accountId, name: input.name, allowedOrigins: input.allowed_origins, requestId: ctx.requestId }));

export const getProjectRoute = adminProcedure
  .meta(T.getMeta)
  .input(T.ZProjectIdInput)
  .output(T.ZProjectDetailResponseSchema)
  .query(({ ctx, input }) => getProject({ accountId: ctx.admin.accountId, projectId: input.project_id }));

export const updateProjectRoute = adminProcedure
  .meta(T.updateMeta)
  .input(T.ZUpdateRequestSchema)
  .output(T.ZProjectDetailResponseSchema.omit({ play_settings: true }))
  .mutation(({ ctx, input }) => {
    const { project_id, ...patch } = input;
    return updateProject({ accountId: ctx.admin.accountId, projectId: project_id, patch, requestId: ctx.requestId });
  });

export const embedRoute = adminProcedure
  .meta(T.embedMeta)
  .input(T.ZProjectIdInput)
  .output(T.ZEmbedResponseSchema)
  .query(({ ctx, input }) => getEmbedSnippet({ accountId: ctx.admin.accountId, projectId: input.project_id }));

export const listKeysRoute = adminProcedure
  .meta(T.keysListMeta)
  .input(T.ZProjectIdInput)
  .output(T.ZKeysListResponseSchema)
  .query(async ({ ctx, input }) => ({ api_keys: await listApiKeys({ accountId: ctx.admin.accountId, projectId: input.project_id }) }));

export const createKeyRoute = adminProcedure
  .meta(T.keysCreateMeta)
  .input(T.ZKeysCreateRequestSchema)
  .output(T.ZKeysCreateResponseSchema)
  .mutation(({ ctx, input }) =>
    createApiKey({ accountId: ctx.admin.accountId, projectId: input.project_id, name: input.name, scopes: input.scopes, requestId: ctx.requestId }),
  );

export const revokeKeyRoute = adminProcedure
  .meta(T.keysRevokeMeta)
  .input(T.ZKeysRevokeRequestSchema)
  .output(T.ZKeysRevokeResponseSchema)
  .mutation(({ ctx, input }) => revokeApiKey({ accountId: ctx.admin.accountId, projectId: input.project_id, keyId: input.key_id, requestId: ctx.requestId }));

export const templatesRoute = adminProcedure
  .meta(T.templatesMeta)
  .input(T.ZTemplatesRequestSchema)
  .output(T.ZTemplatesResponseSchema)
  .query(async ({ ctx }) => ({ templates: await listTemplatesForAccount({ accountId: ctx.admin.accountId }) }));

export const levelGoalsRoute = adminProcedure
  .meta(T.levelGoalsMeta)
  .input(T.ZProjectIdInput)
  .output(T.ZLevelGoalsResponseSchema)
  .query(({ ctx, input }) => levelGoals({ accountId: ctx.admin.accountId, projectId: input.project_id }));
