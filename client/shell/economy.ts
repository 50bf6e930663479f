// The player's wallet as the shell knows it: balances, boosters on sale and
// boosters bought but not yet played (each with its single-use token). The
// server is the only authority: every purchase answers the new balances, and
// the wallet is re-read after anything that may have changed it elsewhere
// (a win, a spin). A project without an economy simply has no wallet.
import type { SpendResult, Wallet } from "../shared/types";
import type { Api } from "./api";
import { uuid } from "./uuid";

export type Booster = Wallet["boosters"][number];
export type Owned = Wallet["owned_boosters"][number];

export type Economy = {
  /** Null until loaded, or when the project has no economy (or it could not be read). */
  wallet(): Wallet | null;
  refresh(): Promise<Wallet | null>;
  balanceOf(resourceId: string): number;
  resourceName(resourceId: string): string;
  /** Boosters on sale for one game. */
  boostersFor(mechanic: string): Booster[];
  /** Unplayed tokens of one booster. */
  ownedOf(boosterId: string): Owned[];
  /** Buys one booster; the token joins the owned list. Throws the ApiError (e.g. insufficient_balance). */
  buy(booster: Booster): Promise<Owned>;
  /** The token was played (or refused for good): it leaves the owned list. */
  dropToken(token: string): void;
  subscribe(fn: (w: Wallet | null) => void): () => void;
};

export function createEconomy(api: Api): Economy {
  let wallet: Wallet | null = null;
  const listeners = new Set<(w: Wallet | null) => void>();
  const emit = () => {
    for (const fn of listeners) fn(wallet);
  };
  let inflight: Promise<Wallet | null> | null = null;

  function applySpend(r: SpendResult): Owned {
    const owned: Owned = { booster_id: r.booster_id, mechanic: r.mechanic, effect: r.effect, effect_token: r.effect_token, expires_at: r.expires_at };
    if (wallet) {
      wallet = {
        ...wallet,
        balances: wallet.balances.map((b) => (b.resource_id in r.balances ? { ...b, balance: r.balances[b.resource_id] as number } : b)),
        owned_boosters: wallet.owned_boosters.some((o) => o.effect_token === r.effect_token) ? wallet.owned_boosters : [...wallet.owned_boosters, owned],
      };
      emit();
    }
    return owned;
  }

  return {
    wallet: () => wallet,
    refresh() {
      inflight ??= api
        .wallet()
        .then((w) => (wallet = w && w.economy_enabled ? w : null))
        .catch(() => wallet) // keep what we had: the wallet is a nicety, never a blocker
        .finally(() => {
          inflight = null;
          emit();
        });
      return inflight;
    },
    balanceOf: (id) => wallet?.balances.find((b) => b.resource_id === id)?.balance ?? 0,
    resourceName: (id) => wallet?.balances.find((b) => b.resource_id === id)?.name ?? id,
    boostersFor: (mechanic) => wallet?.boosters.filter((b) => b.mechanic === mechanic) ?? [],
    ownedOf: (id) => wallet?.owned_boosters.filter((o) => o.booster_id === id) ?? [],
    async buy(booster) {
      return applySpend(await api.spend({ booster_id: booster.booster_id, idempotency_key: uuid() }));
    },
    dropToken(token) {
      if (!wallet) return;
      wallet = { ...wallet, owned_boosters: wallet.owned_boosters.filter((o) => o.effect_token !== token) };
      emit();
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}
