import { readFileSync } from "node:fs";

/**
 * `callgrind_annotate <dump> | node --import tsx bench/instructions-annotate.ts <perf map>`: names
 * the JavaScript in a callgrind listing of `npm run bench:instructions` (run with
 * INSTR_NODE_FLAGS=--perf-basic-prof and INSTR_KEEP=1). callgrind sees V8's compiled code as bare
 * addresses (`???:0x… [???]`); Node's perf map (/tmp/perf-<pid>.map, one line per code object:
 * start, size, name) says which function each is.
 */

type TEntry = { start: number; end: number; name: string };

export function readPerfMap(text: string): TEntry[] {
  const entries: TEntry[] = [];
  for (const line of text.split("\n")) {
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (!m) continue;
    const start = Number.parseInt(m[1]!, 16);
    entries.push({ start, end: start + Number.parseInt(m[2]!, 16), name: m[3]! });
  }
  return entries.sort((a, b) => a.start - b.start);
}

/** The entry whose code holds `address` (the last one starting at or before it), or null. */
export function lookup(entries: TEntry[], address: number): string | null {
  let lo = 0;
  let hi = entries.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (entries[mid]!.start <= address) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const e = found >= 0 ? entries[found]! : null;
  return e && address < e.end ? e.name : null;
}

/** A listing's line with its bare addresses named. */
export function nameAddresses(line: string, entries: TEntry[]): string {
  return line.replace(/\?\?\?:0x([0-9a-f]+) \[\?\?\?\]/g, (whole, hex: string) => lookup(entries, Number.parseInt(hex, 16)) ?? whole);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const map = process.argv[2];
  if (!map) {
    console.error("usage: callgrind_annotate <dump> | node --import tsx bench/instructions-annotate.ts /tmp/perf-<pid>.map");
    process.exit(2);
  }
  const entries = readPerfMap(readFileSync(map, "utf8"));
  const input = readFileSync(0, "utf8");
  process.stdout.write(input.split("\n").map((l) => nameAddresses(l, entries)).join("\n"));
}
