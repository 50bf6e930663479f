import { parseArgs } from "node:util";
import { configOrExit } from "@/server/config/env";
import { createAdminAccount } from "@/server/domain/identity";
import { closeServices, setupServices } from "@/server/services/setup";
import { AppError } from "@/server/errors/app-error";

/**
 * `npm run admin:create -- --email you@example.com --password '…'` creates an admin account out of
 * band (the way to get the first admin in production, where self-registration is off). The
 * password may also come from the ADMIN_PASSWORD environment variable, to keep it out of shell
 * history. The new admin enrolls two-factor at first login.
 */
const { values } = parseArgs({ options: { email: { type: "string" }, password: { type: "string" } } });
configOrExit();
const email = values.email;
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!email || !password) {
  console.error("usage: npm run admin:create -- --email <email> --password <password>   (or ADMIN_PASSWORD=…)");
  process.exit(64);
}
await setupServices({ role: "script" });
try {
  const { accountId } = await createAdminAccount({ email, password });
  console.log(`Created admin ${email} (${accountId}). Sign in at the console and enroll two-factor authentication.`);
} catch (e) {
  console.error(e instanceof AppError ? `Not created: ${e.message}` : e);
  process.exitCode = 1;
} finally {
  await closeServices();
}
