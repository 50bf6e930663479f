import { namedQuery } from "@/server/db/statement-names";
import { sentAhead } from "@/server/db/batch";
import type { TTx } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { playerDataLock, subjectHash } from "./anonymise";
import type { TPlayerSession } from "./player-token";
import { sessionErasedError, sessionErasedSql, sessionSubject } from "./session-erasure";

/**
 * A player write's first statements, sent ahead (no round trip of their own): the player's data
 * lock, shared (an erasure holds it exclusively: the write waits for it), then — in a snapshot
 * taken once the lock is granted — what may refuse the write: a session issued before an erasure
 * of the player (401 `session_erased`, session-erasure.ts) and, on play ingress, a player an admin
 * blocked (403 `fraud_blocked`, until the status's `expires_at`). Every player write takes the
 * lock before any other lock or row, as the erasure does, so the two never deadlock. The returned
 * promise rejects with the refusal: await it before anything of the write is answered or committed.
 */
export function guardPlayerWrite(tx: TTx, player: TPlayerSession, opts: { ingress?: boolean } = {}): Promise<void> {
  return guard(tx, { projectId: player.projectId, externalUserId: player.externalUserId, session: player, ingress: opts.ingress ?? false });
}

/** guardPlayerWrite for a write an integrator's server makes for a player (no session to check). */
export function guardServerWrite(tx: TTx, who: { projectId: string; externalUserId: string }, opts: { ingress?: boolean } = {}): Promise<void> {
  return guard(tx, { ...who, session: null, ingress: opts.ingress ?? false });
}

/** SQL that is true while the player ($project, $player: parameters or columns) has a manual `blocked` status in force at $at. */
export function playerBlockedSql(project: string, player: string, at: string): string {
  return `EXISTS (SELECT 1 FROM player_fraud_status WHERE project_id = ${project} AND external_user_id = ${player} AND state = 'blocked' AND (expires_at IS NULL OR expires_at > ${at}))`;
}

function fraudBlockedError(): AppError {
  return new AppError("fraud_blocked", "This player is blocked from playing on this site");
}

/**
 * The guard's statement for a session or not, ingress or not: $1 project, $2 player, $3 subject
 * hash, $4 session issued at, $5 now. Every parameter is named in every variant (typed), so the
 * values never change shape. Each variant's text is made once (guardTexts): a text made on every
 * write was hashed again by statementName's lookup on every write.
 */
function guardText(session: boolean, ingress: boolean): string {
  return `SELECT ${session ? sessionErasedSql("$1", "$3", "$4") : "(false AND $3::text IS NULL AND $4::timestamptz IS NULL)"} AS erased,
                       ${ingress ? playerBlockedSql("$1", "$2", "$5") : "(false AND $2::text IS NULL AND $5::timestamptz IS NULL)"} AS blocked`;
}
const guardTexts: Array<string | undefined> = [];

function guard(tx: TTx, o: { projectId: string; externalUserId: string; session: TPlayerSession | null; ingress: boolean }): Promise<void> {
  const hash = o.session ? sessionSubject(o.session) : subjectHash(o.projectId, o.externalUserId);
  const locked = sentAhead(tx.query({ name: "player_data_lock_shared", ...playerDataLock(hash, "shared") }));
  if (!o.session && !o.ingress) return locked.then(() => undefined);
  const variant = (o.session ? 2 : 0) + (o.ingress ? 1 : 0);
  const text = (guardTexts[variant] ??= guardText(o.session !== null, o.ingress));
  const values = [o.projectId, o.externalUserId, o.session ? hash : null, o.session?.issuedAt ?? null, now()];
  return sentAhead(
    tx.query<{ erased: boolean; blocked: boolean }>(namedQuery("player_write_guard", text, values)).then((r) => {
      if (r.rows[0]?.erased) throw sessionErasedError();
      if (r.rows[0]?.blocked) throw fraudBlockedError();
    }),
  );
}
