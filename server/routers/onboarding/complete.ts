import { completeOnboardingStep } from "@/server/domain/workspace";
import { adminProcedure } from "@/server/trpc/procedures";
import { completeMeta, ZCompleteRequestSchema, ZOnboardingResponseSchema } from "./onboarding.types";

export const completeStepRoute = adminProcedure
  .meta(completeMeta)
  .input(ZCompleteRequestSchema)
  .output(ZOnboardingResponseSchema)
  .mutation(({ ctx, input }) => completeOnboardingStep({ accountId: ctx.admin.accountId, step: input.step, requestId: ctx.requestId }));
