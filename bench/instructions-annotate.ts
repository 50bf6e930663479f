import { readFileSync } from "node:fs";

/**
 * `callgrind_annotate <dump> | node --import tsx bench/instructions-annotate.ts <perf map> [bytes]`: names
 * the JavaScript in a callgrind listing of `npm run bench:instructions` (run with
 * INSTR_NODE_FLAGS=--perf-basic-prof and INSTR_KEEP=1). callgrind sees V8's compiled code as bare
 * addresses (`???:0x… [???]`); Node's perf map (/tmp/perf-<pid>.map, one line per code object:
 * start, size, name) says which function each is.
 */

type TEntry = { start: number; end: number; name: string };

/**
 * The code objects of a perf map, in the order V8 wrote them, from its first `untilBytes` bytes
 * (default: all of it). V8 reuses the addresses of code it has collected, so one address can name
 * several functions over a run; `npm run bench:instructions` notes the map's length at each dump
 * (perf-map-until.<pid>.json beside the dumps), and reading the map only up to a dump's length
 * names the code that was there by then, not what came later. V8 writes the map through a stdio
 * buffer, so that length can miss the last few kilobytes written before the dump.
 */
export function readPerfMap(text: string, untilBytes = Number.POSITIVE_INFINITY): TEntry[] {
  const entries: TEntry[] = [];
  let offset = 0;
  for (const line of text.split("\n")) {
    offset += Buffer.byteLength(line) + 1;
    if (offset > untilBytes + 1) break;
    const m = /^([0-9a-f]+) ([0-9a-f]+) (.*)$/.exec(line);
    if (!m) continue;
    const start = Number.parseInt(m[1]!, 16);
    entries.push({ start, end: start + Number.parseInt(m[2]!, 16), name: m[3]! });
  }
  return entries;
}

/** The code object that held `address` last (of those read), or null. */
export function lookup(entries: readonly TEntry[], address: number): string | null {
  for (let i = entries.length - 1; i >= 0; i--) {
    const e = entries[i]!;
    if (e.start <= address && address < e.end) return e.name;
  }
  return null;
}

/** A listing's line with its bare addresses named. */
export function nameAddresses(line: string, entries: readonly TEntry[], names = new Map<number, string | null>()): string {
  // `--tree=caller` and `--tree=calling` put the call count between the address and its `[???]`
  return line.replace(/\?\?\?:0x([0-9a-f]+)( \([\d,]+x\))? \[\?\?\?\]/g, (whole, hex: string, calls: string | undefined) => {
    const address = Number.parseInt(hex, 16);
    let name = names.get(address);
    if (name === undefined) names.set(address, (name = lookup(entries, address)));
    return name === null ? whole : `${name}${calls ?? ""}`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [map, until] = process.argv.slice(2);
  if (!map) {
    console.error("usage: callgrind_annotate <dump> | node --import tsx bench/instructions-annotate.ts /tmp/perf-<pid>.map [bytes of the map written by the dump]");
    process.exit(2);
  }
  const entries = readPerfMap(readFileSync(map, "utf8"), until === undefined ? undefined : Number(until));
  const names = new Map<number, string | null>();
  const input = readFileSync(0, "utf8");
  process.stdout.write(input.split("\n").map((l) => nameAddresses(l, entries, names)).join("\n"));
}
