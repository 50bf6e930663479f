/**
 * Names for prepared statements whose text is put together from a few fixed parts (a command's
 * write with or without its progression and events, say).
 *
 * A named statement is parsed once per connection and its plan kept; an unnamed one is parsed and
 * planned on every execution, which cost PostgreSQL ~0.4 ms per finishing move and ~0.6 ms per run
 * start (docs/performance-log.md, 2026-11-27, late night). node-postgres refuses a name given to two
 * texts, so each distinct text gets its own name here, the same in every connection of this process.
 *
 * Only for texts built from a bounded set of parts, never from input: past `MAX_PER_PREFIX` texts
 * for one prefix, further ones go unnamed (parsed each time, as before), so a text that varies
 * more than expected costs speed, never the memory of every connection's statement cache.
 */
export const MAX_PER_PREFIX = 32;

const names = new Map<string, Map<string, string>>();

/** The statement name for `text` under `prefix` (`prefix_1`, `prefix_2`, …), or undefined past the bound. */
export function statementName(prefix: string, text: string): string | undefined {
  let byText = names.get(prefix);
  if (!byText) names.set(prefix, (byText = new Map()));
  const known = byText.get(text);
  if (known || byText.size >= MAX_PER_PREFIX) return known;
  const name = `${prefix}_${byText.size + 1}`;
  byText.set(text, name);
  return name;
}

/**
 * The text `make` builds around `part`, made once per part and kept in `cache` (at most
 * MAX_PER_PREFIX parts; past that, made on every call): the same string every time. A text made
 * anew on every request is hashed anew by every Map that looks it up — statementName's, here —
 * and the texts are a few hundred characters; a kept string keeps its hash.
 */
export function textFor(cache: Map<string, string>, part: string, make: (part: string) => string): string {
  let text = cache.get(part);
  if (text === undefined) {
    text = make(part);
    if (cache.size < MAX_PER_PREFIX) cache.set(part, text);
  }
  return text;
}

/** A query config for `text`, named when statementName gives it a name. */
export function namedQuery(prefix: string, text: string, values: unknown[]): { name?: string; text: string; values: unknown[] } {
  const name = statementName(prefix, text);
  return name ? { name, text, values } : { text, values };
}
