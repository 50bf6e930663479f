import { pool, readLane } from "@/server/db/client";
import type { TTx } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { subjectHash } from "./anonymise";
import type { TPlayerSession } from "./player-token";

/**
 * An erasure stays true while the erased player's sessions are still valid. The erasure writes a
 * marker (migration 0024: the keyed hash, never the id, and the erasure's time); a session issued
 * before it is refused with 401 `session_erased` on every player route, verified and anonymous
 * alike, until the site issues a new one. Reads check it in their own statement or with one
 * statement of their own (assertSessionLive); writes take the player's data lock shared and check
 * it behind the lock (write-guard.ts), so a write in flight either commits before the erasure
 * (which then deletes it) or is refused after it.
 */

/** Sessions live at most 24 hours; a marker is kept a day longer, then the players' retention job deletes it. */
const ERASURE_MARKER_KEEP_MS = 2 * 86_400_000;

const subjects = new WeakMap<TPlayerSession, string>();

/** The session's player as the marker and the data lock know it (kept per verified session object). */
export function sessionSubject(player: TPlayerSession): string {
  let hash = subjects.get(player);
  if (hash === undefined) {
    hash = subjectHash(player.projectId, player.externalUserId);
    subjects.set(player, hash);
  }
  return hash;
}

/** SQL that is true when the session ($project, $hash, $issued: parameters or columns) was issued at or before an erasure of its player. */
export function sessionErasedSql(project: string, hash: string, issued: string): string {
  return `EXISTS (SELECT 1 FROM player_erasure WHERE project_id = ${project} AND subject_hash = ${hash} AND erased_at >= ${issued})`;
}

/** The values sessionErasedSql's hash and issue time stand for. */
export function sessionErasedParams(player: TPlayerSession): [string, Date] {
  return [sessionSubject(player), player.issuedAt];
}

export function sessionErasedError(): AppError {
  return new AppError("session_erased", "This session was issued before the player's data was erased; ask the site for a new session");
}

const CHECK = { name: "session_erased", text: `SELECT ${sessionErasedSql("$1", "$2", "$3")} AS erased` };

/** A read's check: one statement on the read lane (the lobby and a command's statements carry it instead). */
export async function assertSessionLive(player: TPlayerSession): Promise<void> {
  const { rows } = await readLane().query<{ erased: boolean }>({ ...CHECK, values: [player.projectId, ...sessionErasedParams(player)] });
  if (rows[0]?.erased) throw sessionErasedError();
}

/** The erasure's marker, on the erasure's transaction (a second erasure moves it to its own time). */
export async function markErased(tx: TTx, opts: { projectId: string; hash: string; at: Date }): Promise<void> {
  await tx.query(
    `INSERT INTO player_erasure (project_id, subject_hash, erased_at) VALUES ($1, $2, $3)
     ON CONFLICT (project_id, subject_hash) DO UPDATE SET erased_at = EXCLUDED.erased_at`,
    [opts.projectId, opts.hash, opts.at],
  );
}

/** The players' retention job: markers older than every session they could refuse. */
export async function deleteExpiredErasureMarkers(): Promise<number> {
  const res = await pool().query("DELETE FROM player_erasure WHERE erased_at < $1", [new Date(now().getTime() - ERASURE_MARKER_KEEP_MS)]);
  return res.rowCount ?? 0;
}
