/**
 * Trust's second entry, for deciders: the fraud gate's scoring and its configuration — pure
 * functions and types, nothing that reaches the database, Redis or the clock. Everything else of
 * the context (flags, address keys, the admin plane) comes through index.ts, which exports all of
 * this too.
 */
export { resolveFraudConfig } from "./fraud/config";
export { scoreClaim, type TDecision, type TGateResult, type TManualState } from "./fraud/gate";
export type { TFraudSignals } from "./fraud/rules/define";
