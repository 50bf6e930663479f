import { ASSET_ROUTES } from "./asset-routes";
import { BILLING_ROUTES } from "./billing-routes";
import { DEMO_ROUTES } from "./demo-routes";
import { EXPORT_ROUTES } from "./export-routes";
import type { TAnyPlainRoute } from "./route";
import { SSO_ROUTES } from "./sso-routes";
import { WEBHOOK_ROUTES } from "./webhook-routes";
import { WIDGET_ROUTES } from "./widget-routes";

/**
 * Every route that is not a JSON procedure, by area (docs/development/architecture.md says why they
 * are plain handlers). This one table is what the listener routes (before the JSON façade) and what
 * the OpenAPI document lists, in this order.
 */
export const PLAIN_ROUTES: readonly TAnyPlainRoute[] = [...WIDGET_ROUTES, ...ASSET_ROUTES, ...DEMO_ROUTES, ...WEBHOOK_ROUTES, ...EXPORT_ROUTES, ...BILLING_ROUTES, ...SSO_ROUTES];
