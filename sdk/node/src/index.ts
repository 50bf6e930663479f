// @playloop/node: the Playloop server SDK. See README.md.
export { Playloop, createPlayloop } from "./client.js";
export type {
  PlayloopOptions,
  PlayloopApiClient,
  CallOptions,
  RequestBody,
  ResponseBody,
  SessionTokenRequest,
  SessionToken,
  ServerEventRequest,
  BusinessEventRequest,
  EventAccepted,
  GrantRequest,
  GrantResult,
  RewardStatusRequest,
  RewardStatus,
} from "./client.js";
export { PlayloopError, isPlayloopErrorCode } from "./errors.js";
export type { PlayloopErrorCode } from "./errors.js";
export { ERROR_STATUS, ERROR_DESCRIPTIONS, WEBHOOK_EVENTS } from "./generated/constants.js";
export type { PlayloopWebhookEventName } from "./generated/constants.js";
export type { paths, components, operations } from "./generated/openapi.js";
export { verifyWebhook, verifyWebhookSignature, standardWebhooksKey, WebhookVerificationError } from "./webhooks.js";
export type {
  PlayloopWebhookEvent,
  WebhookSecrets,
  WebhookHeaders,
  WebhookRawBody,
  VerifyWebhookOptions,
  WebhookVerificationReason,
  VerifiedWebhookSignature,
} from "./webhooks.js";
export { playloopWebhook, nextWebhookHandler } from "./adapters.js";
export type { WebhookHandlerOptions, WebhookDelivery, ExpressLikeRequest, ExpressLikeResponse, ExpressLikeNext } from "./adapters.js";
export { runCli, formatReport, exitCodeOf } from "./cli.js";
export type { ReceiverCheckReport, CliIo } from "./cli.js";
