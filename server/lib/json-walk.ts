/**
 * Walks over JSON values without recursion. Every JSON entry point refuses a body nested deeper
 * than MAX_JSON_DEPTH before parsing it (jsonNestingExceeds), so no walk meets a deep value from
 * a request; these walks hold their path on a stack of their own anyway, so no value — stored,
 * computed or read back — can overflow the call stack, whatever its depth.
 */

/** How deep a request body may nest arrays and objects: no field of the API needs more than a few levels. */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * True when a JSON text opens more than `max` arrays or objects inside each other. A scan of the
 * text (strings skipped), nothing parsed: a 40 KB body nested 20 000 deep is refused in
 * microseconds. UTF-8 bytes of non-ASCII characters are never ASCII, so a Buffer is scanned as is.
 */
export function jsonNestingExceeds(text: Uint8Array | string, max = MAX_JSON_DEPTH): boolean {
  // A text cannot nest deeper than it has openers: most bodies have a handful, counted by the
  // native indexOf instead of this scan's per-character loop.
  if (openersAtMost(text, max)) return false;
  const code = typeof text === "string" ? (i: number) => text.charCodeAt(i) : (i: number) => text[i]!;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = code(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/** True when `text` holds at most `max` `[` and `{` in all (inside strings too: an upper bound). */
function openersAtMost(text: Uint8Array | string, max: number): boolean {
  let n = 0;
  if (typeof text === "string") {
    for (const opener of ["[", "{"]) for (let i = text.indexOf(opener); i !== -1; i = text.indexOf(opener, i + 1)) if (++n > max) return false;
  } else {
    for (const opener of [OPEN_ARRAY, OPEN_OBJECT]) for (let i = text.indexOf(opener); i !== -1; i = text.indexOf(opener, i + 1)) if (++n > max) return false;
  }
  return true;
}

const isContainer = (v: unknown): v is object => v !== null && typeof v === "object";

type TFrame = { values: unknown[]; keys: string[] | null; i: number };

/**
 * A JSON text of `root` written by the caller's rules: the order of an object's keys (and which
 * are kept), the separators, and how a scalar is written.
 */
export function writeJson(
  root: unknown,
  o: { keys: (obj: Record<string, unknown>) => string[]; comma: string; colon: string; scalar: (v: unknown) => string },
): string {
  const out: string[] = [];
  const stack: TFrame[] = [];
  let next: unknown = root;
  let write = true;
  for (;;) {
    if (write) {
      if (Array.isArray(next)) {
        out.push("[");
        stack.push({ values: next, keys: null, i: 0 });
      } else if (isContainer(next)) {
        const obj = next as Record<string, unknown>;
        const keys = o.keys(obj);
        out.push("{");
        stack.push({ values: keys.map((k) => obj[k]), keys, i: 0 });
      } else out.push(o.scalar(next));
      write = false;
    }
    const top = stack[stack.length - 1];
    if (!top) return out.join("");
    if (top.i === top.values.length) {
      out.push(top.keys ? "}" : "]");
      stack.pop();
      continue;
    }
    if (top.i > 0) out.push(o.comma);
    if (top.keys) out.push(JSON.stringify(top.keys[top.i]) + o.colon);
    next = top.values[top.i++];
    write = true;
  }
}

/** A deep copy of a JSON value with every string (object keys too) passed through `fn`. */
export function mapJsonStrings(root: unknown, fn: (s: string) => string): unknown {
  const pending: Array<{ from: object; to: Record<string, unknown> | unknown[] }> = [];
  const copy = (v: unknown): unknown => {
    if (typeof v === "string") return fn(v);
    if (!isContainer(v)) return v;
    const to = Array.isArray(v) ? new Array<unknown>(v.length) : {};
    pending.push({ from: v, to });
    return to;
  };
  const result = copy(root);
  for (let job = pending.pop(); job; job = pending.pop()) {
    const { from, to } = job;
    if (Array.isArray(from)) for (let i = 0; i < from.length; i++) (to as unknown[])[i] = copy(from[i]);
    else for (const [k, v] of Object.entries(from)) (to as Record<string, unknown>)[fn(k)] = copy(v);
  }
  return result;
}

type TPathNode = { key: string; parent: TPathNode | null } | null;

const pathOf = (node: TPathNode): string[] => {
  const path: string[] = [];
  for (let n = node; n; n = n.parent) path.push(n.key);
  return path.reverse();
};

/** The first string of a JSON value (keys included) for which `bad` is true, with its path; null when there is none. */
export function findJsonString(root: unknown, bad: (s: string) => boolean): { path: string[] } | null {
  // Each item knows its parent, not its whole path: the path is made only for what is found.
  const stack: Array<{ value: unknown; at: TPathNode }> = [{ value: root, at: null }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { value, at } = item;
    if (typeof value === "string") {
      if (bad(value)) return { path: pathOf(at) };
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], at: { key: String(i), parent: at } });
    } else if (isContainer(value)) {
      const entries = Object.entries(value);
      for (const [k] of entries) if (bad(k)) return { path: pathOf({ key: k, parent: at }) };
      for (let i = entries.length - 1; i >= 0; i--) stack.push({ value: entries[i]![1], at: { key: entries[i]![0], parent: at } });
    }
  }
  return null;
}
