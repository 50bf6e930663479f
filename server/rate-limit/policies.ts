/**
 * Rate-limit policies as data. `points` requests per `durationSec` window per key; a policy may
 * have several windows (all must pass). `failClosed`: when the store is unreachable the request is
 * refused with 503 rather than let through. Keys are built by the caller (project, player, address).
 */
export type TRatePolicy = {
  windows: ReadonlyArray<{ points: number; durationSec: number }>;
  failClosed: boolean;
};

export const RATE_POLICIES = {
  // Identity
  adminLoginEmailAddress: { windows: [{ points: 10, durationSec: 15 * 60 }], failClosed: true },
  // Per e-mail across every address (see loginAdmin: once spent, networks the account signed in from still pass).
  adminLoginEmail: { windows: [{ points: 100, durationSec: 15 * 60 }], failClosed: true },
  adminLoginAddress: { windows: [{ points: 50, durationSec: 15 * 60 }], failClosed: true },
  adminSignupEmail: { windows: [{ points: 5, durationSec: 60 * 60 }], failClosed: true },
  adminSignupAddress: { windows: [{ points: 20, durationSec: 60 * 60 }], failClosed: true },
  adminPasswordChange: { windows: [{ points: 10, durationSec: 15 * 60 }], failClosed: true },
  adminTwoFactor: { windows: [{ points: 10, durationSec: 5 * 60 }], failClosed: true },
  // Session issuing, per project and network address
  sessionIssue: { windows: [{ points: 30, durationSec: 60 }, { points: 500, durationSec: 24 * 60 * 60 }], failClosed: true },
  // Economy: balances, spend and grants together, per project and player
  economy: { windows: [{ points: 120, durationSec: 60 }], failClosed: true },
  // Widget exposure reads, per project and network address
  widgetExposure: { windows: [{ points: 60, durationSec: 60 }], failClosed: true },
  // Play
  runStart: { windows: [{ points: 10, durationSec: 60 }], failClosed: true },
  runRead: { windows: [{ points: 60, durationSec: 60 }], failClosed: true },
  // 12 commands a second over 10 s: above a human holding an arrow key, below a script.
  gameCommand: { windows: [{ points: 120, durationSec: 10 }], failClosed: true },
  lobby: { windows: [{ points: 60, durationSec: 60 }], failClosed: true },
  rewardStatus: { windows: [{ points: 30, durationSec: 60 }], failClosed: true },
  telemetrySession: { windows: [{ points: 3, durationSec: 60 }], failClosed: true },
  telemetryProject: { windows: [{ points: 300, durationSec: 60 * 60 }], failClosed: true },
  events: { windows: [{ points: 120, durationSec: 60 }], failClosed: true },
  // Prize wheel, per player. The spin quota is two rows (not one policy with two windows) so the
  // hourly window can be exercised without waiting out the minute one.
  wheelSpinMinute: { windows: [{ points: 6, durationSec: 60 }], failClosed: true },
  wheelSpinHour: { windows: [{ points: 30, durationSec: 60 * 60 }], failClosed: true },
  wheelRead: { windows: [{ points: 30, durationSec: 60 }], failClosed: true },
  // Spin reads and marking spins seen share one budget.
  wheelSpinRead: { windows: [{ points: 30, durationSec: 60 }], failClosed: true },
  // Admin simulations draw 10 000 results each: CPU, so per account.
  wheelSimulate: { windows: [{ points: 20, durationSec: 60 }], failClosed: true },
  // Receiver checks send seven test deliveries each to the integrator's endpoint: per project.
  webhookReceiverCheck: { windows: [{ points: 10, durationSec: 60 * 60 }], failClosed: true },
  // A project's player-event ingest budget, all players together.
  eventsProject: { windows: [{ points: 6000, durationSec: 60 }, { points: 1_000_000, durationSec: 24 * 60 * 60 }], failClosed: true },
} as const satisfies Record<string, TRatePolicy>;

export type TRatePolicyName = keyof typeof RATE_POLICIES;
