import { AppError } from "@/server/errors/app-error";

/**
 * A webhook target as configured by an admin: an absolute http(s) URL without credentials, at
 * most 2048 characters. Whether its address may be reached is decided at every delivery (the
 * host is resolved and checked then), because DNS can change after the URL was saved.
 */
export function normaliseWebhookUrl(value: string, field = "webhook_url"): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new AppError("validation_error", `${field} must be an absolute http(s) URL`, { details: { issues: [{ path: field, message: "invalid URL" }] } });
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new AppError("validation_error", `${field} must use http or https`, { details: { issues: [{ path: field, message: "http or https only" }] } });
  }
  if (url.username || url.password) {
    throw new AppError("validation_error", `${field} may not contain credentials`, { details: { issues: [{ path: field, message: "no user:password@" }] } });
  }
  const out = url.toString();
  if (out.length > 2048) throw new AppError("validation_error", `${field} is longer than 2048 characters`);
  return out;
}
