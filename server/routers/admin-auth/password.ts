import { routePolicy } from "@/server/trpc/policy";
import { changeAdminPassword } from "@/server/domain/identity";
import { clearAdminCookie } from "@/server/auth/credentials";
import { adminProcedure } from "@/server/trpc/procedures";
import { passwordMeta, ZPasswordRequestSchema, ZPasswordResponseSchema } from "./password.types";

export const passwordRoute = adminProcedure
  .meta(passwordMeta)
  .input(ZPasswordRequestSchema)
  .use(routePolicy)
  .output(ZPasswordResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await changeAdminPassword({
      accountId: ctx.admin.accountId,
      currentPassword: input.current_password,
      newPassword: input.new_password,
      requestId: ctx.requestId,
    });
    clearAdminCookie(ctx);
    return result;
  });
