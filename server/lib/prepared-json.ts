/**
 * A value's JSON, made once where the value is complete and kept beside it, for a caller that
 * serialises the same value twice: a game command's response is stored as JSON text (to answer
 * a repeat of the command) and then sent as the HTTP body; the match3 response is ~5 KB, so the
 * second JSON.stringify was a few per cent of the web process's CPU per command.
 *
 * Keyed by the object itself (a WeakMap: nothing outlives the value). The value must not change
 * after it is prepared: the façade's strict response check (every test) compares the prepared
 * JSON with the value's own JSON and refuses the response when they differ.
 */
const prepared = new WeakMap<object, string>();

/** Serialises `value`, remembers the JSON for it, and returns the JSON. */
export function prepareJson(value: object): string {
  const json = JSON.stringify(value);
  prepared.set(value, json);
  return json;
}

/** The JSON prepared for this very object, if any. */
export function preparedJson(value: unknown): string | undefined {
  return value !== null && typeof value === "object" ? prepared.get(value) : undefined;
}
