import { assertNamedPlayerId, authorizeKey, findOwnedProject, guardPlayerWrite, guardServerWrite, type TApiKeyPrincipal, writeAudit } from "@/server/domain/identity";
import { pool } from "@/server/db/client";
import { batchOf, type TBatch } from "@/server/db/batch";
import { withTransaction, type TTx } from "@/server/db/tx";
import type { TPlayerSession } from "@/server/domain/identity";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import type { TLimitGate } from "@/server/rate-limit/gate";
import { effectTokenOf, issueEffectToken } from "./effect-token";
import { IdempotencyGuardFailed, runIdempotent } from "./idempotent";
import { cachedEconomy, economyCurrentAt4, economyGuard, economyOfRow, economyUnlessKnown, loadEconomy, type TKnownEconomy } from "./economy-cache";
import { decideSpend, sellsBooster } from "./decide-spend";
import { boosterWords, resourceName } from "./names";
import { sendBalanceLock, sendLedgerChanges } from "./ledger";

/**
 * Runs an economy operation with the project's parsed configuration: the cached copy, which the
 * operation's first statement checks is still current (economyGuard); when it is not, the
 * configuration is read again through the transaction (404, 409 `economy_disabled`) and the
 * operation runs again. Nothing was written by the refused attempt.
 */
async function withEconomy<T>(tx: TTx, projectId: string, op: (known: TKnownEconomy) => Promise<T>): Promise<T> {
  let known = cachedEconomy(projectId) ?? (await loadEconomy(tx, projectId));
  for (let attempt = 1; ; attempt++) {
    try {
      return await op(known);
    } catch (e) {
      // A configuration changing again between the reload and the retry, five times over, is not a purchase to make now.
      if (!(e instanceof IdempotencyGuardFailed)) throw e;
      if (attempt >= 5) throw new AppError("service_unavailable", "The economy's configuration is changing; try again", { cause: e });
      known = await loadEconomy(tx, projectId);
    }
  }
}

/**
 * A balance row to lock in the key's round trip: `send` goes to runIdempotent as its `alongside`,
 * `locked` (set once sent) to sendLedgerChanges. The lock is taken only when the configuration the
 * resource was chosen by (`revision`) is the project's as the statement starts: after a change (the
 * key's guard fails and the operation is decided again) no row chosen by the stale one stays
 * locked. A change that commits while the lock waits does not undo it: the operation is then
 * charged as its key's statement checked the configuration, once (a plain read of the
 * configuration always worked so; economy-lock-ahead.test.ts).
 */
function balanceLockAhead(tx: TTx, who: { projectId: string; externalUserId: string }, resourceId: string, revision: number) {
  const ahead: { locked?: ReturnType<typeof sendBalanceLock>; send: () => void } = {
    send: () => void (ahead.locked = sendBalanceLock(tx, who, resourceId, { sql: economyCurrentAt4(), params: [revision] })),
  };
  return ahead;
}

/** The balances' statement, made once (its text is the same for every request). */
let balancesSql: string | undefined;

/**
 * A player's balances (missing rows are their starting balances; a read writes nothing) and what
 * they can buy, named in `language` (names.ts: Playloop's own names follow it, the site's are its own).
 */
export async function getBalances(opts: { player: TPlayerSession; language: string }) {
  const { player } = opts;
  const heldEconomy = cachedEconomy(player.projectId);
  const { rows } = await pool().query<{ economy_enabled: boolean; economy_config: unknown; economy_config_revision: number; balances: Record<string, string> | null; owned: { id: string; booster_id: string; mechanic: string; effect: string; expires_at: string }[] | null }>(
    (balancesSql ??= `SELECT p.economy_enabled, ${economyUnlessKnown("$4")},
            (SELECT jsonb_object_agg(resource_id, balance) FROM player_balance b WHERE b.project_id = p.id AND b.external_user_id = $2) AS balances,
            (SELECT jsonb_agg(jsonb_build_object('id', t.id, 'booster_id', t.booster_id, 'mechanic', t.mechanic, 'effect', t.effect, 'expires_at', t.expires_at) ORDER BY t.issued_at)
               FROM (SELECT * FROM effect_token WHERE project_id = p.id AND external_user_id = $2 AND status = 'issued' AND expires_at > $3 ORDER BY issued_at LIMIT 50) t) AS owned
       FROM project p WHERE p.id = $1`),
    [player.projectId, player.externalUserId, now(), heldEconomy?.revision ?? 0],
  );
  const p = rows[0]!;
  const economy = economyOfRow(player.projectId, p, heldEconomy);
  const held = p.balances ?? {};
  return {
    economy_enabled: p.economy_enabled,
    balances: economy.resources.map((r) => ({ resource_id: r.id, name: resourceName(r, opts.language), balance: r.id in held ? Number(held[r.id]) : r.starting_balance })),
    boosters: p.economy_enabled
      ? economy.boosters.map((b) => {
          const words = boosterWords(b, opts.language);
          return { booster_id: b.id, name: words.name, description: words.description, mechanic: b.mechanic, game: words.game, effect: b.effect, price: b.price };
        })
      : [],
    owned_boosters: (p.owned ?? []).map((t) => ({ booster_id: t.booster_id, mechanic: t.mechanic, effect: t.effect, effect_token: effectTokenOf(t.id), expires_at: new Date(t.expires_at).toISOString() })),
  };
}

export type TSpendResult = { booster_id: string; effect: string; mechanic: string; effect_token: string; expires_at: string; balances: Record<string, number> };

/**
 * Buys a booster: the price is debited through the ledger and a single-use effect token issued, in
 * one transaction under the idempotency key (a repeat answers the same token and debits nothing).
 */
export async function spendOnBooster(opts: { player: TPlayerSession; boosterId: string; idempotencyKey: string }): Promise<TSpendResult> {
  const { player } = opts;
  return withTransaction(async (tx, batch) => {
    // The player's data lock and the erased-session check go first (session-erasure.ts); their
    // answer is in by the time the key's statement is, so awaiting it costs no round trip.
    const guard = guardPlayerWrite(tx, player, { ingress: true });
    const spent = await withEconomy(tx, player.projectId, async ({ revision, economy }) => {
      const at = now();
      const request = { kind: "spend", space: "player" as const, key: opts.idempotencyKey, projectId: player.projectId, externalUserId: player.externalUserId, request: { booster_id: opts.boosterId }, at, guard: economyGuard(revision) };
      // The price's balance row is locked in the key's round trip (a purchase of a player who has
      // the row: two round trips, not three). Not for a booster the configuration does not sell:
      // that refusal comes after the key's answer, so that a repeat of an earlier purchase still
      // answers what it bought.
      const sold = sellsBooster(economy, opts.boosterId) ? decideSpend({ economy, boosterId: opts.boosterId }) : null;
      const ahead = sold ? balanceLockAhead(tx, player, sold.change.resourceId, revision) : undefined;
      const { result } = await runIdempotent(batch, request, async (defer) => {
        await guard;
        const { booster, change } = sold ?? decideSpend({ economy, boosterId: opts.boosterId }); // not sold: its 404
        // The balance's write, the token and the operation's result (with the COMMIT) go out together.
        const { balances, written } = await sendLedgerChanges(tx, {
          projectId: player.projectId, externalUserId: player.externalUserId, economy, changes: [change], source: "spend", reference: booster.id, idempotencyKey: opts.idempotencyKey, at,
        }, ahead?.locked);
        defer(written);
        const token = issueEffectToken(tx, { projectId: player.projectId, externalUserId: player.externalUserId, boosterId: booster.id, mechanic: booster.mechanic, effect: booster.effect, at });
        defer(token.written);
        return { booster_id: booster.id, effect: booster.effect, mechanic: booster.mechanic, effect_token: token.token, expires_at: token.expiresAt.toISOString(), balances };
      }, ahead?.send);
      return result;
    });
    await guard; // a stored result is answered only to a live session too
    return spent;
  });
}

type TGrantResult = { project_id: string; external_user_id: string; resource_id: string; amount: number; balance: number };

/** A grant (or, with a negative amount, a debit refused below zero) through the ledger, idempotent on its key. */
async function grant(batch: TBatch, opts: { projectId: string; externalUserId: string; resourceId: string; amount: number; idempotencyKey: string; source: "grant_server" | "grant_admin"; at: Date }) {
  const { tx } = batch;
  // The player's data lock first, as every player write takes it: an erasure in flight is waited
  // for, so a grant to a player with no balance row yet (nothing of the erasure's deletes to wait
  // on) cannot commit its rows beside the erasure and outlive it (a review of erasure found it).
  // Sent ahead: the statements after it run once it is granted, with no round trip of its own.
  const guard = guardServerWrite(tx, { projectId: opts.projectId, externalUserId: opts.externalUserId });
  const result = await withEconomy(tx, opts.projectId, ({ revision, economy }) => {
    // The balance row is locked in the key's round trip, as a purchase's is.
    const ahead = balanceLockAhead(tx, opts, opts.resourceId, revision);
    return runIdempotent(
      batch,
      { projectId: opts.projectId, key: opts.idempotencyKey, kind: "grant", space: "project", externalUserId: opts.externalUserId, request: { resource_id: opts.resourceId, amount: opts.amount }, at: opts.at, guard: economyGuard(revision) },
      async (defer) => {
        const { balances, written } = await sendLedgerChanges(tx, {
          projectId: opts.projectId, externalUserId: opts.externalUserId, economy, changes: [{ resourceId: opts.resourceId, amount: opts.amount }],
          source: opts.source, reference: null, idempotencyKey: opts.idempotencyKey, at: opts.at,
        }, ahead.locked);
        defer(written); // with the operation's result (and the COMMIT)
        return { project_id: opts.projectId, external_user_id: opts.externalUserId, resource_id: opts.resourceId, amount: opts.amount, balance: balances[opts.resourceId]! } satisfies TGrantResult;
      },
      ahead.send,
    );
  });
  await guard;
  return result;
}

/** `POST /v1/economy/grant`: an integrator's server grants (or debits) with a key of scope `economy:grant` of that project. */
export async function grantFromServer(opts: { key: TApiKeyPrincipal; projectId: string; externalUserId: string; resourceId: string; amount: number; idempotencyKey: string; limits: TLimitGate }) {
  authorizeKey(opts.key, opts.projectId, "economy:grant");
  assertNamedPlayerId(opts.externalUserId, { anonymous: "allowed" });
  await opts.limits.enforce(); // the player's economy budget, once the key is known to be the project's
  return withTransaction(async (_tx, batch) => (await grant(batch, { ...opts, source: "grant_server", at: now() })).result);
}

/** An admin's grant from the console, audited; without a key every call is a new grant. */
export async function grantFromAdmin(opts: { accountId: string; projectId: string; externalUserId: string; resourceId: string; amount: number; idempotencyKey: string; requestId?: string }) {
  await findOwnedProject(opts);
  assertNamedPlayerId(opts.externalUserId, { anonymous: "allowed" });
  return withTransaction(async (tx) => {
    const at = now();
    const { result, replayed } = await grant(batchOf(tx), { ...opts, source: "grant_admin", at }); // the audit entry follows: the COMMIT waits for it
    if (!replayed) {
      await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "economy.granted", targetType: "player", targetId: opts.externalUserId, metadata: { resource_id: opts.resourceId, amount: opts.amount } });
    }
    return { ...result, granted: true as const };
  });
}
