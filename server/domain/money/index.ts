/**
 * Money — what a player wins or spends: campaigns, reward claims (decided through the fraud gate, delivered by platform webhooks), the economy and its ledger, the prize wheel, billing.
 *
 * The context's public entry: code outside it imports from here (tests may reach inside).
 */
export * from "./billing/active-players";
export * from "./billing/change-plan";
export * from "./billing/dunning";
export * from "./billing/get-billing";
export * from "./billing/issue-period-invoices";
export * from "./billing/pay-invoice";
export * from "./billing/payment-provider";
export * from "./billing/plans";
export * from "./campaigns/campaign-model";
export * from "./campaigns/reward-types";
export * from "./campaigns/save-campaign";
export * from "./campaigns/triggers/registry";
export * from "./economy/effect-token";
export * from "./economy/operations";
export * from "./economy/player-ledger";
export * from "./economy/settings";
export * from "./rewards/admin-claims";
export * from "./rewards/claim-model";
export * from "./rewards/claim-store";
export * from "./rewards/create-claims";
export * from "./rewards/release-held";
export * from "./wheel/draft-model";
export * from "./wheel/draft";
export * from "./wheel/draw";
export * from "./wheel/get-wheel";
export * from "./wheel/icons";
export * from "./wheel/player-wheel";
export * from "./wheel/publish-wheel";
export * from "./wheel/read-spin";
export * from "./wheel/settings";
export * from "./wheel/simulate-wheel";
export * from "./wheel/spin-wheel";
export * from "./wheel/wheel-stats";
