// What the shell may know of its own session, for wording only (the server decides everything):
// whether the player is anonymous, read from the token's payload. A token it cannot read is
// treated as verified, so nothing is promised or withheld on a guess.
import { t } from "../shared/i18n";

export function isAnonymousToken(token: string): boolean {
  const payload = token.split(".")[1];
  if (!payload) return false;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, "+").replace(/_/g, "/"))) as { st?: unknown };
    return json.st === "anonymous";
  } catch {
    return false;
  }
}

/** What an anonymous visitor on a rewards project is told, unless the site set its own words (in the current language: call it when drawing). */
export function defaultSignInText(): string {
  return t("common.sign_in_to_earn");
}
