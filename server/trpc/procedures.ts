import { baseProcedure } from "./init";

/**
 * Procedure builders by audience. Each resolves exactly the credential of its plane and narrows
 * ctx, so the type says what was checked.
 */
export const publicProcedure = baseProcedure;
export { adminBootstrapProcedure, adminProcedure } from "./auth/admin";
export { playerProcedure } from "./auth/player";
export { serverKeyProcedure } from "./auth/server-key";
