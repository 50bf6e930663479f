/**
 * Path parameters whose invalid values answer outside the JSON contract, declared in the route's
 * meta (`params`). The façade applies them right after routing (same case and trailing-slash rules
 * as the route itself), before the body is read or the procedure runs; a value that is not valid
 * percent-encoding counts as invalid. The façade refuses a rule that names no parameter of its path.
 */
export type TPathParamRule = { valid(decoded: string): boolean; reject: { status: number; text: string } };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID, or a plain-text 400 naming the parameter (game clients show that answer as is). */
export function uuidOrPlainText400(name: string): TPathParamRule {
  return { valid: (v) => UUID.test(v), reject: { status: 400, text: `Invalid ${name}: expected a UUID` } };
}
