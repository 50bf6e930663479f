export function gameModeLabel(mode: string): string {
  return mode === "rewards" ? "Rewards" : mode === "free_play" ? "Free play" : mode;
}

export function exposureLabel(mode: string): string {
  return mode === "all" ? "Everyone" : mode === "ab_test" ? "A/B test (50/50)" : mode === "off" ? "Hidden" : mode;
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
