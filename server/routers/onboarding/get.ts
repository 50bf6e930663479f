import { getOnboarding } from "@/server/domain/workspace";
import { adminProcedure } from "@/server/trpc/procedures";
import { onboardingMeta, ZEmptyRequestSchema, ZOnboardingResponseSchema } from "./onboarding.types";

export const onboardingRoute = adminProcedure
  .meta(onboardingMeta)
  .input(ZEmptyRequestSchema)
  .output(ZOnboardingResponseSchema)
  .query(({ ctx }) => getOnboarding({ accountId: ctx.admin.accountId }));
