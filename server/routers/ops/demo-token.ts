import { routePolicy } from "@/server/trpc/policy";
import { randomUUID } from "node:crypto";
import { config } from "@/server/config/env";
import { issueDemoSession } from "@/server/domain/workspace";
import { AppError } from "@/server/errors/app-error";
import { publicProcedure } from "@/server/trpc/procedures";
import { demoTokenMeta, ZDemoTokenRequestSchema, ZDemoTokenResponseSchema } from "./demo-token.types";

export const demoTokenRoute = publicProcedure
  .meta(demoTokenMeta)
  .input(ZDemoTokenRequestSchema)
  .use(routePolicy)
  .output(ZDemoTokenResponseSchema)
  .query(({ ctx, input }) => {
    if (!config().demoEndpoints) throw new AppError("not_found", `No route GET ${ctx.path}`);
    return issueDemoSession({ anonymousId: input.anonymous_id ?? randomUUID(), limits: ctx.limits, game: input.game });
  });
