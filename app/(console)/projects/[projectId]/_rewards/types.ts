import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { TConsoleRouter } from "@/server/routers/console";

type TOut = inferRouterOutputs<TConsoleRouter>;
type TIn = inferRouterInputs<TConsoleRouter>;

export type TCampaign = TOut["campaigns"]["list"]["campaigns"][number];
export type TCampaignInput = Omit<TIn["campaigns"]["create"], "project_id">;
export type TClaim = TOut["claims"]["list"]["claims"][number];
export type TClaimStatus = TClaim["status"];
export type TDelivery = TOut["webhooks"]["deliveries"]["deliveries"][number];
export type TDeliveryStatus = TDelivery["status"];
export type TInboxMessage = TOut["webhooks"]["inbox"]["messages"][number];
export type TWebhookSettings = TOut["webhooks"]["settings"];
export type TReceiverReport = TOut["webhooks"]["receiverCheck"];
export type TFlag = TOut["fraud"]["flags"]["flags"][number];
export type TFlagResolution = TIn["fraud"]["resolveFlag"]["resolution"];
export type TPlayerStatus = TOut["fraud"]["playerStatus"];
export type TManualState = TPlayerStatus["state"];
export type TFraudRules = TOut["fraud"]["rules"];
export type TEconomySettings = TOut["economyAdmin"]["settings"];
export type TEconomyConfig = TEconomySettings["economy_config"];
export type TPlayerLedger = TOut["economyAdmin"]["player"];
export type TLedgerEntry = TPlayerLedger["ledger"][number];
