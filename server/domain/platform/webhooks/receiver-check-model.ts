/**
 * The receiver check's rules, apart from the requests: what each probe's answer means. Pure, so
 * every verdict is unit-tested without a network (receiver-check-model.test.ts).
 *
 * Probes, in order, all `webhook.test` deliveries marked as tests (never a real reward):
 *   valid        a correctly signed delivery                         → must be accepted (2xx)
 *   redelivery   the same delivery again (same id, key, body)         → accepted, and no second grant
 *   tampered     a valid signature over other bytes than those sent   → must be refused (4xx)
 *   stale        correctly signed 10 minutes ago                      → must be refused (4xx)
 *   unknown      signed with a secret the project never had           → must be refused (4xx)
 *   previous     signed with the previous secret, during a rotation   → must be accepted (2xx)
 * A second grant can only be seen when the receiver echoes what it granted: a JSON answer with
 * `grant_id` (the id of what it recorded for the delivery's idempotency key). Without it the
 * idempotency check is `unknown`, never `pass`.
 */
export const CHECK_NAMES = ["accepts_valid", "idempotent_redelivery", "rejects_tampered_body", "rejects_stale_timestamp", "rejects_unknown_secret", "accepts_previous_secret", "responds_quickly"] as const;
type TCheckName = (typeof CHECK_NAMES)[number];
type TCheckResult = "pass" | "fail" | "unknown" | "skipped";
export type TCheck = { name: TCheckName; result: TCheckResult; status: number | null; duration_ms: number | null; detail: string };
export type TVerdict = "pass" | "fail" | "unknown";

/** What one probe got back: an answer, or why there was none (unreachable, refused by the outbound rules, timed out). */
export type TProbeAnswer = { status: number; durationMs: number; body: string } | { error: string; durationMs: number };

/** A receiver that takes longer than this to answer is reported (deliveries give up at the request timeout). */
export const QUICK_MS = 2_000;

const is2xx = (s: number) => s >= 200 && s < 300;
const is4xx = (s: number) => s >= 400 && s < 500;

/** The `grant_id` a receiver echoed in a JSON answer, if any. */
export function grantIdOf(body: string): string | null {
  try {
    const v = JSON.parse(body) as unknown;
    if (v && typeof v === "object" && !Array.isArray(v)) {
      const id = (v as Record<string, unknown>).grant_id;
      if ((typeof id === "string" && id !== "") || typeof id === "number") return String(id);
    }
  } catch {
    // not JSON: no grant id
  }
  return null;
}

function base(name: TCheckName, a: TProbeAnswer | null): Pick<TCheck, "name" | "status" | "duration_ms"> {
  return { name, status: a && "status" in a ? a.status : null, duration_ms: a ? Math.round(a.durationMs) : null };
}

function mustAccept(name: TCheckName, a: TProbeAnswer, what: string): TCheck {
  if ("error" in a) return { ...base(name, a), result: "fail", detail: `${what} could not be delivered: ${a.error}` };
  if (is2xx(a.status)) return { ...base(name, a), result: "pass", detail: `${what} was accepted (${a.status}).` };
  return { ...base(name, a), result: "fail", detail: `${what} was refused with ${a.status}; a 2xx is expected, or Playloop retries it for a day and then gives up.` };
}

function mustRefuse(name: TCheckName, a: TProbeAnswer, what: string): TCheck {
  if ("error" in a) return { ...base(name, a), result: "unknown", detail: `No answer to ${what}: ${a.error}` };
  if (is4xx(a.status)) return { ...base(name, a), result: "pass", detail: `${what} was refused (${a.status}).` };
  if (is2xx(a.status)) return { ...base(name, a), result: "fail", detail: `${what} was accepted (${a.status}): the receiver does not verify signatures as it must, so anyone can send it rewards.` };
  return { ...base(name, a), result: "fail", detail: `${what} got ${a.status}; refuse it with a 4xx (a 5xx asks to be retried).` };
}

export type TProbes = {
  valid: TProbeAnswer;
  redelivery: TProbeAnswer | null;
  tampered: TProbeAnswer | null;
  stale: TProbeAnswer | null;
  unknown: TProbeAnswer | null;
  /** null when no rotation is in its grace period (nothing to check). */
  previous: TProbeAnswer | null;
};

/** Every check from the probes' answers. A receiver that cannot take the valid delivery is not probed further. */
export function judgeReceiver(p: TProbes): TCheck[] {
  const valid = mustAccept("accepts_valid", p.valid, "A correctly signed test delivery");
  if (valid.result === "fail" || !p.redelivery || !p.tampered || !p.stale || !p.unknown) {
    const skip = (name: TCheckName): TCheck => ({ name, result: "skipped", status: null, duration_ms: null, detail: "Not tried: the receiver did not accept a valid delivery." });
    return [valid, ...CHECK_NAMES.filter((n) => n !== "accepts_valid").map(skip)];
  }
  return [
    valid,
    idempotency(p.valid, p.redelivery),
    mustRefuse("rejects_tampered_body", p.tampered, "A delivery whose body was changed after signing"),
    mustRefuse("rejects_stale_timestamp", p.stale, "A delivery signed 10 minutes ago (a replay)"),
    mustRefuse("rejects_unknown_secret", p.unknown, "A delivery signed with a secret that is not the project's"),
    p.previous
      ? mustAccept("accepts_previous_secret", p.previous, "A delivery signed only with the previous secret, inside the 24-hour rotation grace")
      : { name: "accepts_previous_secret", result: "skipped", status: null, duration_ms: null, detail: "No rotation is in its grace period; rotate the secret to check that the old one keeps verifying." },
    quickness(p.valid),
  ];
}

function idempotency(first: TProbeAnswer, again: TProbeAnswer): TCheck {
  const name = "idempotent_redelivery";
  if ("error" in again) return { ...base(name, again), result: "fail", detail: `The same delivery sent again could not be delivered: ${again.error}` };
  if (!is2xx(again.status)) return { ...base(name, again), result: "fail", detail: `The same delivery sent again got ${again.status}; answer 2xx for a duplicate, or Playloop keeps retrying what you already have.` };
  const a = "body" in first ? grantIdOf(first.body) : null;
  const b = grantIdOf(again.body);
  if (a === null || b === null) {
    return { ...base(name, again), result: "unknown", detail: 'Accepted again, but the receiver did not say what it granted. Answer JSON with "grant_id" (your record for the idempotency_key) and the check can tell one grant from two.' };
  }
  if (a === b) return { ...base(name, again), result: "pass", detail: `The same delivery again was accepted without a second grant (grant_id ${a} both times).` };
  return { ...base(name, again), result: "fail", detail: `The same delivery again made a second grant (grant_id ${a}, then ${b}): de-duplicate on idempotency_key.` };
}

function quickness(valid: TProbeAnswer): TCheck {
  const name = "responds_quickly";
  if ("error" in valid) return { ...base(name, valid), result: "skipped", detail: "No answer to time." };
  const ms = Math.round(valid.durationMs);
  return ms <= QUICK_MS
    ? { ...base(name, valid), result: "pass", detail: `Answered in ${ms} ms.` }
    : { ...base(name, valid), result: "fail", detail: `Answered in ${ms} ms; answer within ${QUICK_MS / 1000} s (queue slow work after recording the reward).` };
}

/** One word for the whole: any failure fails; otherwise anything the check could not judge makes it unknown. */
export function verdictOf(checks: TCheck[]): TVerdict {
  if (checks.some((c) => c.result === "fail")) return "fail";
  if (checks.some((c) => c.result === "unknown")) return "unknown";
  return "pass";
}
