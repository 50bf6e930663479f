import { DEFAULT_LOCALE } from "@/i18n/format";

/** "2030-03-09" → "Mar 9" (the date is a UTC day; format it as such, not in the browser's zone). */
export function shortDate(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(DEFAULT_LOCALE, { day: "numeric", month: "short", timeZone: "UTC" });
}
