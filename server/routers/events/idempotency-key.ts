import { AppError } from "@/server/errors/app-error";

/** The trimmed `Idempotency-Key` header, or undefined when absent; shared by the server-key event procedures. */
export function idempotencyKey(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const key = value.trim();
  if (key.length === 0 || key.length > 128) throw new AppError("validation_error", "Idempotency-Key must be 1-128 characters");
  return key;
}
