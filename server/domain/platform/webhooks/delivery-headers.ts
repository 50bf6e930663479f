import { signatureHeader } from "./signature";
import { standardWebhookHeaders } from "./standard-webhooks";

export type TDeliveryHeadersInput = {
  /** The delivery's id: X-Service-Delivery-Id and, with Standard Webhooks, webhook-id (stable across retries). */
  deliveryId: string;
  kind: string;
  idempotencyKey: string;
  /** The exact bytes sent. */
  body: string;
  /** Unix seconds of this attempt. */
  t: number;
  version: number;
  /** The current version's secret first; during a rotation with dual signatures, the previous one too. */
  secrets: string[];
  /** The project's Standard Webhooks switch. */
  standard: boolean;
  /** A test delivery (the console's test, the receiver check): marked so a receiver never grants on it. */
  test?: boolean;
};

/**
 * What may travel as a header value as it is: printable ASCII. A key made from a player id outside
 * it (ids are checked at every input since 2026-12-02; rows written before may hold one) would make
 * the request itself impossible to send, so the legacy key header is left out and the signed body's
 * `idempotency_key` — the one receivers are told to use — carries it alone.
 */
const HEADER_SAFE = /^[\x20-\x7e]*$/;

/** Every header of a signed webhook request, for real deliveries and tests alike: the one place they are named. */
export function deliveryHeaders(d: TDeliveryHeadersInput): Record<string, string> {
  const signature = signatureHeader({ t: d.t, version: d.version, body: d.body, secrets: d.secrets });
  return {
    "Content-Type": "application/json",
    "User-Agent": "Playloop-Webhooks/1",
    ...(HEADER_SAFE.test(d.idempotencyKey) ? { "X-Legacy-Idempotency-Key": d.idempotencyKey } : {}),
    "X-Service-Signature": signature,
    "X-Legacy-Signature": signature,
    "X-Service-Event": d.kind,
    "X-Service-Delivery-Id": d.deliveryId,
    ...(d.test ? { "X-Service-Test": "true" } : {}),
    ...(d.standard ? standardWebhookHeaders({ id: d.deliveryId, t: d.t, body: d.body, secrets: d.secrets }) : {}),
  };
}
