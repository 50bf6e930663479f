import { baseProcedure } from "./init";

/**
 * Procedure builders by audience. Each one resolves exactly the credential of its plane and
 * narrows ctx so the type says what was checked. Player, server-key and admin builders live in
 * server/trpc/auth/* and are re-exported here.
 */
export const publicProcedure = baseProcedure;
