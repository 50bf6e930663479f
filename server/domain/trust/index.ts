/**
 * Trust — the fraud gate: signals, rules, scoring, flags and the address keys that count networks. Imports identity only.
 *
 * The context's public entry: code outside it imports from here (tests may reach inside).
 */
export * from "./fraud/address-keys";
export * from "./fraud/admin";
export * from "./fraud/config";
export * from "./fraud/gate";
export * from "./fraud/raise-flag";
export * from "./fraud/rules/define";
export * from "./fraud/rules/registry";
export * from "./fraud/rules/shared-address";
export * from "./fraud/signals";
