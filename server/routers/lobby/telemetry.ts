import { routePolicy } from "@/server/trpc/policy";
import { config } from "@/server/config/env";
import { recordTelemetry } from "@/server/domain/gameplay";
import { playerProcedure } from "@/server/trpc/procedures";
import { telemetryMeta, ZAcceptedSchema, ZTelemetryRequestSchema } from "./lobby.types";

export const telemetryRoute = playerProcedure
  .meta(telemetryMeta)
  .input(ZTelemetryRequestSchema)
  .use(routePolicy)
  .output(ZAcceptedSchema)
  .mutation(({ ctx, input }) =>
    recordTelemetry({ player: ctx.player, origin: ctx.origin, apiOrigin: config().publicOrigin, bodyBytes: ctx.bodyBytes, kind: input.kind, status: input.status, buildVersion: input.build_version, limits: ctx.limits }),
  );
