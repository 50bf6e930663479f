import { listPlans } from "@/server/domain/money";
import { publicProcedure } from "@/server/trpc/procedures";
import { plansMeta, ZEmptyRequestSchema, ZPlansResponseSchema } from "./billing.types";

export const plansRoute = publicProcedure.meta(plansMeta).input(ZEmptyRequestSchema).output(ZPlansResponseSchema).query(() => listPlans());
