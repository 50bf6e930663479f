import { initTRPC } from "@trpc/server";
import { TRPC_ERROR_CODES_BY_KEY } from "@trpc/server/rpc";
import type { OpenApiMeta } from "trpc-to-openapi";
import type { TAuthScheme } from "@/server/auth/audience";
import { ERROR_CODES, type TErrorCode } from "@/server/errors/codes";
import { findAppError, errorData } from "@/server/errors/wire-error";
import type { TContext } from "./context";

/**
 * Extra procedure metadata: which credential the route takes, for docs and the auth matrix; and,
 * on a player route whose domain function refuses an erased player's session inside its own
 * statements, `erasedSessions: "in_domain"` (else the player middleware checks with a statement of its own).
 */
export type TMeta = OpenApiMeta<{ auth?: TAuthScheme; errors?: TErrorCode[]; erasedSessions?: "in_domain" }>;

const t = initTRPC
  .context<TContext>()
  .meta<TMeta>()
  .create({
    // tRPC wraps a thrown AppError in a TRPCError (INTERNAL_SERVER_ERROR); the contract's data come
    // from the AppError behind it, and so does the JSON-RPC code the console client sees.
    errorFormatter({ shape, error, ctx }) {
      const { message, data } = errorData(error, ctx?.requestId);
      const app = findAppError(error);
      return { message, code: app ? TRPC_ERROR_CODES_BY_KEY[ERROR_CODES[app.appCode].trpc] : shape.code, data };
    },
  });

export const router = t.router;
export const baseProcedure = t.procedure;
