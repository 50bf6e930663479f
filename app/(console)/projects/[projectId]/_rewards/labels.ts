import type { TBadgeTone } from "@/app/_components/Badge";

/**
 * Words for the codes the rewards API answers with. Anything unknown (a code added on the server
 * later) falls back to the code with its underscores turned into spaces, never to nothing.
 */
export function humanize(code: string): string {
  const s = code.replaceAll("_", " ").replaceAll(".", " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

const pick = (table: Record<string, string>, code: string) => table[code] ?? humanize(code);

const CLAIM_STATUS: Record<string, { label: string; tone: TBadgeTone }> = {
  deliverable: { label: "Approved", tone: "green" },
  held: { label: "Held", tone: "amber" },
  review: { label: "In review", tone: "brand" },
  rejected: { label: "Rejected", tone: "red" },
};
export const claimStatus = (s: string) => CLAIM_STATUS[s] ?? { label: humanize(s), tone: "neutral" as TBadgeTone };

/** Why the fraud gate scored a claim (risk_reasons), as an admin would say it. */
const RISK_REASONS: Record<string, string> = {
  replay_mismatch: "Replay didn't match",
  command_pace: "Played faster than a person",
  shared_address: "Shared network address",
  recent_flags: "Recent fraud flags",
  claim_velocity: "Many claims in an hour",
  refusal_ratio: "Mostly refused moves",
  manual_blocked: "Player is blocked",
  manual_watch: "Player is on the watch list",
  manual_trusted: "Trusted player",
};
export const riskReason = (code: string) => pick(RISK_REASONS, code);

const FLAG_KINDS: Record<string, string> = {
  rate_exceeded: "Too many requests",
  replay_mismatch: "Replay didn't match",
  fast_commands: "Inhumanly fast moves",
  shared_address: "Shared network address",
  claim_velocity: "Claim burst",
  refused_commands: "Mostly refused moves",
};
export const flagKind = (code: string) => pick(FLAG_KINDS, code);

const DETAIL_UNITS: Record<string, string> = { median_gap_ms: "ms", min_gap_ms: "ms" };

/**
 * A flag's details ("median gap ms: 19") without ids an admin cannot use. A count that stopped at
 * its limit (`counted_up_to`, the shared-address count) reads "100+".
 */
export function flagDetails(d: Record<string, unknown>): string {
  const upTo = typeof d.counted_up_to === "number" ? d.counted_up_to : null;
  return Object.entries(d)
    .filter(([k, v]) => k !== "claim_id" && k !== "counted_up_to" && (typeof v === "number" || typeof v === "string"))
    .map(([k, v]) => {
      const atLimit = k === "players_24h" && upTo !== null && typeof v === "number" && v >= upTo ? "+" : "";
      return `${humanize(k.replace(/_ms$/, ""))}: ${v}${atLimit}${DETAIL_UNITS[k] ? ` ${DETAIL_UNITS[k]}` : ""}`;
    })
    .join(" · ");
}

export const RESOLUTIONS: Record<string, { label: string; tone: TBadgeTone }> = {
  confirmed_fraud: { label: "Confirmed fraud", tone: "red" },
  false_positive: { label: "False positive", tone: "green" },
  ignored: { label: "Ignored", tone: "neutral" },
};

const DELIVERY_STATUS: Record<string, { label: string; tone: TBadgeTone }> = {
  queued: { label: "Queued", tone: "amber" },
  delivered: { label: "Delivered", tone: "green" },
  dead: { label: "Failed", tone: "red" },
};
export const deliveryStatus = (s: string) => DELIVERY_STATUS[s] ?? { label: humanize(s), tone: "neutral" as TBadgeTone };

const EVENT_KINDS: Record<string, string> = {
  "reward.eligible": "Reward eligible",
  "reward.held": "Reward held",
  "reward.released": "Reward released",
  "reward.rejected": "Reward rejected",
  "webhook.test": "Test event",
};
export const eventKind = (code: string) => pick(EVENT_KINDS, code);

/** The test inbox's signature verdicts. */
const VERDICTS: Record<string, { label: string; tone: TBadgeTone; hint: string }> = {
  verified: { label: "Verified", tone: "green", hint: "The signature matches the current (or, within 24 h of a rotation, the previous) secret." },
  mismatch: { label: "Signature mismatch", tone: "red", hint: "Signed with another secret, or the body changed on the way." },
  stale: { label: "Too old", tone: "amber", hint: "The timestamp is more than 5 minutes in the past." },
  future: { label: "From the future", tone: "amber", hint: "The timestamp is more than 5 minutes ahead; check the sender's clock." },
  unknown_version: { label: "Unknown secret version", tone: "red", hint: "The secret version is not current, or its 24-hour grace has ended." },
  malformed: { label: "No valid signature", tone: "red", hint: "The signature header is missing or unreadable." },
};
export const verdict = (code: string) => VERDICTS[code] ?? { label: humanize(code), tone: "neutral" as TBadgeTone, hint: "" };

/** Why an outbound request failed (webhook_target_unreachable `reason`, delivery `last_error`). */
const OUTBOUND: Record<string, string> = {
  invalid_url: "The URL is not a valid http(s) address.",
  blocked_address: "The address is private or local, and webhooks may only reach public servers.",
  dns_failure: "The host name could not be found.",
  timeout: "The endpoint did not answer within 10 seconds.",
  connection_failed: "The connection was refused or dropped.",
  tls_failure: "The HTTPS connection failed (check the certificate).",
  protocol_error: "The endpoint sent an invalid HTTP response.",
  interrupted: "The attempt was cut off by a restart; it is retried.",
};
/** The server's terse webhook-URL issues ("no user:password@") as a fix the admin can make. */
const URL_ISSUES: Record<string, string> = {
  "invalid URL": "Not a valid URL. Use the full address, like https://api.shop.example/playloop.",
  "http or https only": "Use an http:// or https:// URL.",
  "no user:password@": "Remove the user name and password (user:password@) from the URL.",
};
export const urlIssue = (message: string | undefined) => (message ? (URL_ISSUES[message] ?? message) : message);

export const outboundReason = (code: string | null | undefined) => (code ? (OUTBOUND[code] ?? null) : null);

export const MANUAL_STATES = [
  { value: "none", label: "No status", description: "The fraud gate's score decides." },
  { value: "trusted", label: "Trusted", description: "Rewards deliver, unless a replay fails." },
  { value: "watch", label: "Watch", description: "Every reward waits for your review." },
  { value: "blocked", label: "Blocked", description: "Every reward is rejected." },
] as const;
export const manualState = (s: string) => MANUAL_STATES.find((m) => m.value === s)?.label ?? humanize(s);

/** Fraud rules and their own thresholds, with the unit each is measured in. */
const RULES: Record<string, string> = {
  replay_mismatch: "Replay mismatch",
  command_pace: "Inhuman pace",
  shared_address: "Shared address",
  recent_flags: "Recent flags",
  claim_velocity: "Claim velocity",
  refusal_ratio: "Refused moves",
};
export const ruleName = (code: string) => pick(RULES, code);

const RULE_PARAMS: Record<string, { label: string; unit?: string }> = {
  median_gap_ms: { label: "Median gap under", unit: "ms" },
  min_gap_ms: { label: "Any gap under", unit: "ms" },
  min_commands: { label: "Min. moves", unit: "per run" },
  players: { label: "Players", unit: "per address (2–1 000)" },
  players_high: { label: "High from", unit: "players (up to 1 000)" },
  flags: { label: "Open flags", unit: "flags" },
  flags_high: { label: "High from", unit: "flags" },
  claims: { label: "Claims", unit: "per hour" },
  ratio: { label: "Refused share", unit: "0–1" },
  score: { label: "Adds", unit: "points" },
  score_high: { label: "Adds when high", unit: "points" },
};
export const ruleParam = (key: string) => RULE_PARAMS[key] ?? { label: humanize(key) };
