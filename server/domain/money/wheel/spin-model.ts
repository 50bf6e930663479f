import { awardResource, type TWheelAward, type TWheelDraft, type TWheelIcon, type TWheelId } from "./draft-model";
import { FAIRNESS_SCHEME, computeRoll } from "./draw";
import { wheelIconUrl } from "./icons";
import { labelIn } from "./wheel-language";

/** A spin as stored, with its version's weights commitment (joined, never the weights). */
export type TSpinRow = {
  spin_id: string;
  wheel_id: TWheelId;
  wheel_version: number;
  source: string;
  request_hash: string;
  kind: "free" | "ticket";
  tickets_spent: number;
  nonce: number;
  server_seed: string;
  server_seed_hash: string;
  drawn_segment_id: string;
  outcome: TSpinOutcome;
  substituted: boolean;
  created_at: Date;
  seen_at: Date | null;
  weights_commitment: string;
};

export type TSpinOutcome = {
  segment: { id: string; index: number; label: string; icon: TWheelIcon };
  drawn_index: number;
  award: TWheelAward;
};

function publicAward(award: TWheelAward) {
  return award.type === "nothing" ? null : { type: award.type, resource_id: awardResource(award)!, amount: award.amount };
}

/** A segment as players see it, its label in the wheel's language: never its weight, caps or cost. */
export function publicSegment(s: TWheelDraft["segments"][number], index: number, lang: string) {
  return { id: s.id, index, label: labelIn(s, lang), icon: s.icon, icon_url: wheelIconUrl(s.icon), award: publicAward(s.award) };
}

/** The spin as the player sees it: what was won, and everything needed to recompute the draw except the secret weights. */
export function spinView(row: TSpinRow) {
  const roll = computeRoll(row.server_seed, row.spin_id, row.nonce);
  const o = row.outcome;
  return {
    spin_id: row.spin_id,
    wheel_id: row.wheel_id,
    wheel_version: row.wheel_version,
    source: row.source,
    kind: row.kind,
    tickets_spent: row.tickets_spent,
    // named one by one: a new spin's outcome is the object it was drawn as, a stored one is read back
    // from jsonb (which orders keys its own way), and both answer the same text
    segment: { id: o.segment.id, index: o.segment.index, label: o.segment.label, icon: o.segment.icon, icon_url: wheelIconUrl(o.segment.icon) },
    award: publicAward(o.award),
    substituted: row.substituted,
    seen: row.seen_at !== null,
    seen_at: row.seen_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    fairness: {
      scheme: FAIRNESS_SCHEME,
      server_seed_hash: row.server_seed_hash,
      server_seed: row.server_seed,
      client_seed: row.spin_id,
      nonce: row.nonce,
      roll_hex: roll.hex,
      roll: Number(roll.value) / 2 ** 52,
      drawn_segment_id: row.drawn_segment_id,
      drawn_segment_index: o.drawn_index,
      weights_commitment: row.weights_commitment,
    },
  };
}
export type TSpinView = ReturnType<typeof spinView>;
