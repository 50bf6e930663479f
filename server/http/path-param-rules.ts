/**
 * Path parameters whose invalid values answer outside the JSON contract, declared once per route
 * template. The façade applies them right after routing (same case and trailing-slash rules as
 * the route itself), before the body is read or the procedure runs; a value that is not valid
 * percent-encoding counts as invalid. createApiHandler refuses rules that name no route or param.
 */
export type TPathParamRule = { valid(decoded: string): boolean; reject: { status: number; text: string } };
export type TPathParamRules = Record<string, Record<string, TPathParamRule>>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const PATH_PARAM_RULES: TPathParamRules = {
  // Spec: game clients show this answer as is, so an invalid run id is plain text, not JSON.
  "/v1/game-runs/{run_id}/commands": { run_id: { valid: (v) => UUID.test(v), reject: { status: 400, text: "Invalid run_id: expected a UUID" } } },
};
