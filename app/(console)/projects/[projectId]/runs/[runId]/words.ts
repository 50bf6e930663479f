/** Words for a replayed run: moves as a reviewer reads them, and gaps between them. */

type TCellRef = { row?: unknown; col?: unknown };
const cell = (c: unknown) => {
  const { row, col } = (c ?? {}) as TCellRef;
  return typeof row === "number" && typeof col === "number" ? `row ${row + 1}, column ${col + 1}` : "?";
};
const words = (code: string) => code.replace(/_/g, " ");

/** One stored command in words: "Swap row 2, column 3 with row 2, column 4"; "Booster: hammer on row 1, column 1"; "Move up". */
export function frameLine(f: { action: string; payload: Record<string, unknown>; accepted: boolean; rejection_code: string | null }): string {
  const p = f.payload;
  let line: string;
  if (f.action === "swap") line = `Swap ${cell(p.from)} with ${cell(p.to)}`;
  else if (f.action === "booster") line = `Booster: ${typeof p.effect === "string" ? words(p.effect) : "?"}${p.cell ? ` on ${cell(p.cell)}` : ""}`;
  else if (f.action === "flip") line = `Turn card ${typeof p.index === "number" ? p.index + 1 : "?"}`;
  else if (f.action === "move") line = `Move ${typeof p.dir === "string" ? p.dir : "?"}`;
  else line = words(f.action);
  return f.accepted || !f.rejection_code ? line : `${line} — ${words(f.rejection_code)}`;
}

/** A gap or a duration: "0.4 s" under ten seconds (the pace of moves), "1 min 5 s" above. */
export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return "—";
  if (ms < 10_000) return `${(Math.round(ms / 100) / 10).toLocaleString("en-US", { minimumFractionDigits: 1 })} s`;
  const s = Math.round(ms / 1000);
  const m = Math.floor(s / 60);
  return m > 0 ? `${m} min${s % 60 ? ` ${s % 60} s` : ""}` : `${s} s`;
}
