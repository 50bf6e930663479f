import { limitAddress, limitNetwork } from "./address";
import { RATE_POLICIES, type TLimitPer, type TRatePolicyName } from "./policies";
import { throwIfLimited, type RateLimiter, type TAskedLimit, type TLimitResult } from "./rate-limiter";

/**
 * Who a request is, as far as rate-limit keys go. The route's middleware fills what the credential
 * and the validated input say (server/trpc/policy.ts); a handler may add what only it resolves
 * (the project behind a public project id) when it calls the gate.
 */
export type TLimitSubject = {
  ip?: () => string;
  email?: string;
  accountId?: string;
  projectId?: string;
  externalUserId?: string;
  sessionId?: string;
};

/** The key of a player-counted policy; erasure deletes the counters under it. */
export function playerLimitKey(projectId: string, externalUserId: string): string {
  return `${projectId}:${externalUserId}`;
}

function need<T>(value: T | undefined, per: TLimitPer, field: string): T {
  if (value === undefined) throw new Error(`A limit per ${per} needs the request's ${field}`);
  return value;
}

/** The key a policy counts this subject by (TLimitPer says what each kind means). */
export function limitKey(per: TLimitPer, s: TLimitSubject): string {
  const address = () => limitAddress(need(s.ip, per, "address")());
  const email = () => need(s.email, per, "email").trim().toLowerCase();
  const project = () => need(s.projectId, per, "project");
  switch (per) {
    case "address": return address();
    case "email": return email();
    case "email_address": return `${email()}|${address()}`;
    case "email_network": return `${email()}|${limitNetwork(need(s.ip, per, "address")()) ?? address()}`;
    case "account": return need(s.accountId, per, "account");
    case "project": return project();
    case "project_address": return `${project()}:${address()}`;
    case "player": return playerLimitKey(project(), need(s.externalUserId, per, "player"));
    case "session": return `${project()}:${need(s.sessionId, per, "session")}`;
  }
}

/**
 * A route's limits, counted when its handler says (the policies its meta declares with
 * `when: "handler"` or `"replay_first"`). Nothing is counted until `ask`, `answer` or `enforce`;
 * the answer is decided once, however often it is awaited.
 *
 * - `ask()` sends the questions now (beside the handler's first round trip) without waiting.
 * - `answer()` decides: the policies in order, the first refusal stops the rest (asked ahead, the
 *   ones after it get their points back); a store that fails throws (fail closed), as `enforce`.
 * - `enforce()` is `answer()` with a refusal thrown as 429 `rate_limited` (Retry-After).
 * - `giveBack()` returns the points taken: the request turned out to be a replay the limits do not count.
 */
export type TLimitGate = {
  ask(subject?: TLimitSubject): void;
  answer(subject?: TLimitSubject): Promise<TLimitResult>;
  enforce(subject?: TLimitSubject): Promise<void>;
  giveBack(): Promise<void>;
};

export function limitGate(limiter: RateLimiter, policies: readonly TRatePolicyName[], subject: TLimitSubject): TLimitGate {
  return new LimitGate(limiter, policies, subject);
}

/** A class, not closures: one is made for every limited request, and its methods are shared. */
class LimitGate implements TLimitGate {
  #keys: string[] | null = null;
  #asked: Array<Promise<TAskedLimit>> | null = null;
  #decided: Promise<TLimitResult> | null = null;
  /** The checks made in order, each with whether it was allowed (what a give-back returns depends on it). */
  readonly #consumed: Array<{ i: number; allowed: boolean }> = [];

  constructor(
    private readonly limiter: RateLimiter,
    private readonly policies: readonly TRatePolicyName[],
    private readonly subject: TLimitSubject,
  ) {}

  #keysFor(more?: TLimitSubject): string[] {
    const subject = more ? { ...this.subject, ...more } : this.subject;
    return (this.#keys ??= this.policies.map((name) => limitKey(RATE_POLICIES[name].per, subject)));
  }

  async #decideAsked(list: Array<Promise<TAskedLimit>>, k: string[]): Promise<TLimitResult> {
    for (const [i, pending] of list.entries()) {
      const a = await pending;
      const failed = "error" in a;
      if (failed || !a.result.allowed) {
        await Promise.all(list.slice(i + 1).map(async (later, j) => this.limiter.giveBack(await later, k[i + 1 + j]!)));
        if (failed) throw a.error;
        return a.result;
      }
    }
    return { allowed: true };
  }

  async #decideInOrder(k: string[]): Promise<TLimitResult> {
    for (const [i, name] of this.policies.entries()) {
      const result = await this.limiter.check(name, k[i]!);
      this.#consumed.push({ i, allowed: result.allowed });
      if (!result.allowed) return result;
    }
    return { allowed: true };
  }

  ask(more?: TLimitSubject): void {
    const k = this.#keysFor(more);
    this.#asked ??= this.policies.map((name, i) => this.limiter.ask(name, k[i]!));
  }

  answer(more?: TLimitSubject): Promise<TLimitResult> {
    const k = this.#keysFor(more);
    return (this.#decided ??= this.#asked ? this.#decideAsked(this.#asked, k) : this.#decideInOrder(k));
  }

  async enforce(more?: TLimitSubject): Promise<void> {
    throwIfLimited(await this.answer(more));
  }

  async giveBack(): Promise<void> {
    const k = this.#keys;
    if (!k) return;
    if (this.#asked) await Promise.all(this.#asked.map(async (a, i) => this.limiter.giveBack(await a, k[i]!)));
    else await Promise.all(this.#consumed.map(({ i, allowed }) => this.limiter.refund(this.policies[i]!, k[i]!, allowed)));
  }
}
