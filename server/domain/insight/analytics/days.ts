import { now } from "@/server/lib/clock";

/**
 * The calendar analytics counts in. Projects carry no time zone, so every day is a UTC day
 * [00:00, 24:00) and "today" is the UTC date of the one clock's now.
 */
export const ANALYTICS_TIME_ZONE = "UTC" as const;

/** A session is a play start: a game run began (`game.started`) or the legacy widget's `play.session_start`. */
export const SESSION_EVENT_TYPES = ["game.started", "play.session_start"] as const;

/** A preview: the player was shown the widget (an exposure with `show_widget`) or reported opening it. */
export const PREVIEW_EVENT_TYPES = ["widget.opened", "lobby.viewed"] as const;

/** Window of the overview's rolling figures (WAU, sessions, average length, funnel, flags, failures). */
export const WINDOW_DAYS = 7;
/** Number of first-session days in a day-N return cohort. */
export const COHORT_DAYS = 30;

function utcDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
}

/** The instant a UTC day starts. */
export function dayStart(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

export function today(): string {
  return utcDay(now());
}

export function rate(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 10_000) / 10_000;
}
