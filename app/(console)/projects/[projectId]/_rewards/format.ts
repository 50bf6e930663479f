"use client";

import { useEffect, useState } from "react";

/**
 * Time and number formatting for the rewards pages. Times are shown and entered in the admin's
 * own time zone (the browser's); the API speaks ISO 8601 instants.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a `datetime-local` value in the browser's time zone ("" for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A `datetime-local` value (local wall time) as an ISO instant; null when empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value); // A date-time without offset is parsed as local time.
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export function timeZoneName(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "your local time";
}

export function formatShortDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" });
}

/** To the second, for attempt logs where several tries can fall in one minute. */
export function formatPreciseDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

export const COOLDOWN_UNITS = [
  { value: "minutes", label: "minutes", seconds: 60 },
  { value: "hours", label: "hours", seconds: 3600 },
  { value: "days", label: "days", seconds: 86_400 },
] as const;
export type TCooldownUnit = (typeof COOLDOWN_UNITS)[number]["value"];

/** Seconds as an amount in the largest unit that divides them evenly (0 → "0 hours"). */
export function splitSeconds(seconds: number): { amount: string; unit: TCooldownUnit } {
  if (seconds === 0) return { amount: "0", unit: "hours" };
  for (const u of [...COOLDOWN_UNITS].reverse()) if (seconds % u.seconds === 0) return { amount: String(seconds / u.seconds), unit: u.value };
  return { amount: String(Math.round(seconds / 60)), unit: "minutes" };
}

/** "45 min", "2 h", "3 days", "1 h 30 min". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${Math.max(0, Math.round(seconds))} s`;
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} day${days === 1 ? "" : "s"}`;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  return `${minutes} min`;
}

/** A countdown: "12:05" under an hour (ticks visibly), else "2 h 5 min". */
export function formatCountdown(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s >= 3600) return formatDuration(s);
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** "just now", "5 min ago", "3 h ago", or a date for older times. */
export function formatAgo(iso: string, now: number): string {
  const s = Math.round((now - new Date(iso).getTime()) / 1000);
  if (s < 45) return "just now";
  if (s < 86_400) return `${formatDuration(s)} ago`;
  return formatShortDateTime(iso);
}

export function formatPercent(rate: number): string {
  return `${(rate * 100).toFixed(rate > 0 && rate < 0.1 ? 1 : 0)}%`;
}

/** The current time, refreshed every `intervalMs` (for countdowns and "ago" labels). */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return now;
}
