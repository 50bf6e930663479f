import { randomUUID } from "node:crypto";
import { retryable, type Match3Player } from "./players";

/** An economy where spends never run out: every purchase costs one coin of a million. */
export const ROOMY_ECONOMY = {
  resources: [
    { id: "tickets", name: "Tickets", starting_balance: 1_000_000 },
    { id: "coins", name: "Coins", starting_balance: 1_000_000 },
  ],
  boosters: [{ id: "fault_shuffle", name: "Shuffle", description: "Fault suite", mechanic: "match3_v1", effect: "shuffle", price: { resource_id: "coins", amount: 1 } }],
};
/** A daily wheel with room for many spins a player (the per-minute quota still applies). */
export const ROOMY_WHEEL = { free_spins_per_day: 100, max_spins_per_day: 1000, budget_daily_minor: 1_000_000_000, budget_total_minor: 1_000_000_000 };

/**
 * Steady load through the proxy until `stop()`: each player sends one request at a time, at most
 * one per `paceMs` (a person's pace keeps them under the per-player limits): run starts and
 * commands, a purchase every `spendEvery` requests, with a wheel a spin every `spinEvery`, and a
 * lobby read every `lobbyEvery`.
 * Failed requests are sent again unchanged on the player's next turn, as a client retries.
 */
export function startLoad(roster: Match3Player[], opts: { paceMs: number; spendEvery: number; spinEvery?: number; wheelVersion?: number; lobbyEvery?: number }) {
  let stopping = false;
  const unexpected: string[] = [];
  const note = (what: string, status: number, body: unknown) => {
    if (status !== 200 && !retryable(status)) unexpected.push(`${what} ${status} ${JSON.stringify(body).slice(0, 200)}`);
  };
  const pendingSpend = new Map<Match3Player, string>();
  const pendingSpin = new Map<Match3Player, string>();
  const loop = async (p: Match3Player, offset: number) => {
    // Players start spread over one pace interval rather than all at once.
    await new Promise((r) => setTimeout(r, (opts.paceMs * offset) / roster.length));
    for (let turn = 1; !stopping; turn++) {
      const t0 = performance.now();
      if (opts.spinEvery && opts.wheelVersion && (turn % opts.spinEvery === 0 || pendingSpin.has(p))) {
        const id = pendingSpin.get(p) ?? randomUUID();
        const res = await p.spin(id, opts.wheelVersion);
        note("spin", res.status, res.body);
        if (res.status === 200 || !retryable(res.status)) pendingSpin.delete(p);
        else pendingSpin.set(p, id);
      } else if (turn % opts.spendEvery === 0 || pendingSpend.has(p)) {
        const key = pendingSpend.get(p) ?? randomUUID();
        const res = await p.spend("fault_shuffle", key);
        note("spend", res.status, res.body);
        if (res.status === 200 || !retryable(res.status)) pendingSpend.delete(p);
        else pendingSpend.set(p, key);
      } else if (opts.lobbyEvery && turn % opts.lobbyEvery === 0) {
        await p.lobby();
      } else {
        await p.step();
      }
      const left = opts.paceMs - (performance.now() - t0);
      if (left > 0 && !stopping) await new Promise((r) => setTimeout(r, left));
    }
  };
  const done = Promise.all(roster.map((p, i) => loop(p, i)));
  return {
    /** Answers no client should get under any fault (a 4xx other than 429), spends and spins; commands keep theirs in `Match3Player.unexpected`. */
    unexpected,
    async stop() {
      stopping = true;
      await done;
    },
  };
}
