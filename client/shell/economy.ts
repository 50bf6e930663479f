// The player's wallet as the shell knows it: balances, boosters on sale and
// boosters bought but not yet played (each with its single-use token). The
// server is the only authority: every purchase answers the new balances, and
// the wallet is re-read after anything that may have changed it elsewhere
// (a win, a spin) and after the shell's language changes (the names of
// Playloop's own resources and boosters follow it). A project without an
// economy simply has no wallet.
import { language } from "../shared/i18n";
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
  // The read in flight and the language it asked in (names follow the shell's language, so a read
  // asked in another one is not reused); only the latest read's answer is kept.
  let inflight: { lang: string; read: Promise<Wallet | null> } | null = null;
  let latest = 0;

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
      const lang = language();
      if (inflight && inflight.lang === lang) return inflight.read;
      const asked = ++latest;
      const read: Promise<Wallet | null> = api
        .wallet()
        .then((w) => {
          if (asked === latest) wallet = w && w.economy_enabled ? w : null;
          return wallet;
        })
        .catch(() => wallet) // keep what we had: the wallet is a nicety, never a blocker
        .finally(() => {
          if (inflight?.read === read) inflight = null;
          emit();
        });
      inflight = { lang, read };
      return read;
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
