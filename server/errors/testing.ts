import { AppError } from "./app-error";

/** Tests of pure deciders: the AppError `fn` throws (anything else thrown, or nothing, fails the test). */
export function appErrorOf(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("no error thrown");
}

/** The code of what `fn` throws: an AppError's code, anything else as text, "none" when it throws nothing. */
export function appCodeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.appCode : String(e);
  }
  return "none";
}
