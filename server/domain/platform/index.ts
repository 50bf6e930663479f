/**
 * Platform — what carries the product's results out and in: webhook transport (signing, target rules, delivery, inbox, receiver check), background assets, notifications, operations views. Imports identity only.
 *
 * The context's public entry: code outside it imports from here (tests may reach inside).
 */
export * from "./backgrounds/background-asset";
export * from "./backgrounds/limits";
export * from "./backgrounds/read-project-asset";
export * from "./backgrounds/reset-background";
export * from "./backgrounds/upload-background";
export * from "./notifications/list-notifications";
export * from "./notifications/notification-retention";
export * from "./ops/get-readiness";
export * from "./ops/get-status";
export * from "./webhooks/deliver";
export * from "./webhooks/deliveries";
export * from "./webhooks/inbox";
export * from "./webhooks/payload";
export * from "./webhooks/receiver-check-model";
export * from "./webhooks/receiver-check";
export * from "./webhooks/settings";
export * from "./webhooks/signature";
export * from "./webhooks/target-url";
export * from "./webhooks/test-webhook";
