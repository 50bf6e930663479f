import { z } from "zod";

/**
 * What a claim tells the integrator to grant. The service never issues the reward itself: the
 * webhook carries `reward_type` and `reward_metadata` and the integrator's server grants once per
 * `idempotency_key`. Each type checks the metadata it needs; extra fields pass through untouched.
 */
const money = { discount_minor: z.number().int().positive().optional(), currency: z.string().regex(/^[A-Z]{3}$/).optional() };

export const REWARD_TYPES = {
  promo_code: {
    summary: "A promo or coupon code the integrator issues (percentage or fixed amount off)",
    metadata: z
      .object({ code_prefix: z.string().max(32).optional(), discount_percent: z.number().min(0).max(100).optional(), ...money, valid_days: z.number().int().min(1).max(3650).optional() })
      .passthrough(),
  },
  points: { summary: "Loyalty points credited by the integrator", metadata: z.object({ amount: z.number().int().positive() }).passthrough() },
  free_shipping: { summary: "Free shipping on the next order", metadata: z.object({ min_order_minor: z.number().int().nonnegative().optional(), currency: money.currency }).passthrough() },
  gift: { summary: "A gift item (by the integrator's SKU)", metadata: z.object({ sku: z.string().min(1).max(128) }).passthrough() },
  custom: { summary: "Anything else: the metadata is the integrator's own", metadata: z.record(z.string(), z.unknown()) },
} as const;

export type TRewardType = keyof typeof REWARD_TYPES;
export const REWARD_TYPE_IDS = Object.keys(REWARD_TYPES) as TRewardType[];
