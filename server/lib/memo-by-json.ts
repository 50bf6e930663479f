/**
 * `fn` memoised by its argument's JSON text, for pure parses of stored JSON (a project's fraud
 * configuration, a campaign's trigger parameters) that the hot path would otherwise repeat for
 * every claim on values that change only when an admin edits them. Bounded: past `max` entries
 * the oldest goes first. A call that throws is not remembered. The answers are shared: `fn` must
 * return values nobody changes (freeze them when that matters).
 */
export function memoByJson<A, R>(fn: (raw: A) => R, max = 1000): (raw: A) => R {
  const memo = new Map<string, R>();
  return (raw) => {
    const key = JSON.stringify(raw) ?? "undefined";
    if (memo.has(key)) return memo.get(key)!;
    const value = fn(raw);
    if (memo.size >= max) memo.delete(memo.keys().next().value!);
    memo.set(key, value);
    return value;
  };
}
