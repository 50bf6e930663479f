/**
 * What a policy counts by; the key is built from the request by the route's gate (gate.ts):
 * `address` is the client's address (an IPv6 one by its /64), `email` the normalised e-mail of the
 * request body, `email_network` the e-mail and the address's /24 or /48, `player` the project and player, `session` the project and player session,
 * `project` the project, `project_address` the project and the client's address, `account` the
 * signed-in admin.
 */
export type TLimitPer = "address" | "email" | "email_address" | "email_network" | "account" | "project" | "project_address" | "player" | "session";

/**
 * Rate-limit policies as data. `points` requests per `durationSec` window per key; a policy may
 * have several windows (all must pass). `failClosed`: when the store is unreachable the request is
 * refused with 503 rather than let through. `per`: what the key is (TLimitPer). Routes name the
 * policies they apply in their meta (server/trpc/policy.ts). `lease`: on Redis the policy is counted
 * in blocks of points (server/rate-limit/leases.ts: one round trip per block, never more through
 * than the limit, across instances possibly a few requests fewer) — for the hot paths' generous
 * limits, never for the ones that guard credentials or money.
 */
export type TRatePolicy = {
  windows: ReadonlyArray<{ points: number; durationSec: number }>;
  failClosed: boolean;
  per: TLimitPer;
  lease?: boolean;
};

export const RATE_POLICIES = {
  // Identity
  adminLoginEmailAddress: { windows: [{ points: 10, durationSec: 15 * 60 }], failClosed: true, per: "email_address" },
  // Per e-mail across every address (see loginAdmin: once spent, networks the account signed in from still pass).
  adminLoginEmail: { windows: [{ points: 100, durationSec: 15 * 60 }], failClosed: true, per: "email" },
  // The logins that per-email limit lets through from a known network, counted per e-mail and that
  // network: inside it, every address (256 of a /24, 65 536 /64s of a /48) would else get its own 10.
  adminLoginKnownNetwork: { windows: [{ points: 100, durationSec: 15 * 60 }], failClosed: true, per: "email_network" },
  adminLoginAddress: { windows: [{ points: 50, durationSec: 15 * 60 }], failClosed: true, per: "address" },
  adminSignupEmail: { windows: [{ points: 5, durationSec: 60 * 60 }], failClosed: true, per: "email" },
  adminSignupAddress: { windows: [{ points: 20, durationSec: 60 * 60 }], failClosed: true, per: "address" },
  adminPasswordChange: { windows: [{ points: 10, durationSec: 15 * 60 }], failClosed: true, per: "account" },
  adminTwoFactor: { windows: [{ points: 10, durationSec: 5 * 60 }], failClosed: true, per: "account" },
  // Session issuing, per project and network address
  sessionIssue: { windows: [{ points: 30, durationSec: 60 }, { points: 500, durationSec: 24 * 60 * 60 }], failClosed: true, per: "project_address" },
  // Economy: balances, spend and grants together, per project and player
  economy: { windows: [{ points: 120, durationSec: 60 }], failClosed: true, per: "player", lease: true },
  // Widget exposure reads, per project and network address
  widgetExposure: { windows: [{ points: 60, durationSec: 60 }], failClosed: true, per: "project_address", lease: true },
  // Play
  runStart: { windows: [{ points: 10, durationSec: 60 }], failClosed: true, per: "player" },
  runRead: { windows: [{ points: 60, durationSec: 60 }], failClosed: true, per: "player", lease: true },
  // 12 commands a second over 10 s: above a human holding an arrow key, below a script.
  gameCommand: { windows: [{ points: 120, durationSec: 10 }], failClosed: true, per: "player", lease: true },
  lobby: { windows: [{ points: 60, durationSec: 60 }], failClosed: true, per: "player", lease: true },
  rewardStatus: { windows: [{ points: 30, durationSec: 60 }], failClosed: true, per: "player" },
  telemetrySession: { windows: [{ points: 3, durationSec: 60 }], failClosed: true, per: "session" },
  telemetryProject: { windows: [{ points: 300, durationSec: 60 * 60 }], failClosed: true, per: "project" },
  events: { windows: [{ points: 120, durationSec: 60 }], failClosed: true, per: "player", lease: true },
  // Prize wheel, per player. The spin quota is two rows (not one policy with two windows) so the
  // hourly window can be exercised without waiting out the minute one.
  wheelSpinMinute: { windows: [{ points: 6, durationSec: 60 }], failClosed: true, per: "player" },
  wheelSpinHour: { windows: [{ points: 30, durationSec: 60 * 60 }], failClosed: true, per: "player" },
  // Wheel reads, spin reads and marking spins seen share one budget: the spec's one row for the
  // three, as the economy's one row for balances, spend and grant is one budget.
  wheelReads: { windows: [{ points: 30, durationSec: 60 }], failClosed: true, per: "player" },
  // Admin simulations draw 10 000 results each: CPU, so per account.
  wheelSimulate: { windows: [{ points: 20, durationSec: 60 }], failClosed: true, per: "account" },
  // Receiver checks send seven test deliveries each to the integrator's endpoint: per project.
  webhookReceiverCheck: { windows: [{ points: 10, durationSec: 60 * 60 }], failClosed: true, per: "project" },
  // A project's player-event ingest budget, all players together.
  eventsProject: { windows: [{ points: 6000, durationSec: 60 }, { points: 1_000_000, durationSec: 24 * 60 * 60 }], failClosed: true, per: "project", lease: true },
} as const satisfies Record<string, TRatePolicy>;

export type TRatePolicyName = keyof typeof RATE_POLICIES;

/** The policies counted per player: erasure deletes their counters (identity/players/hot-storage.ts). */
export const PLAYER_KEYED_POLICIES = (Object.keys(RATE_POLICIES) as TRatePolicyName[]).filter((name) => RATE_POLICIES[name].per === "player");
