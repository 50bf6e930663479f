import { pool } from "@/server/db/client";
import { isUuid } from "@/server/domain/identity";

/** What the play shell page needs to know about a project (framing policy), or null when it does not exist. */
export async function playShellProject(projectId: string): Promise<{ id: string; gameMode: string; allowedOrigins: string[] } | null> {
  if (!isUuid(projectId)) return null;
  const { rows } = await pool().query<{ id: string; gameMode: string; allowedOrigins: string[] }>(
    `SELECT id, game_mode AS "gameMode", allowed_origins AS "allowedOrigins" FROM project WHERE id = $1`,
    [projectId],
  );
  return rows[0] ?? null;
}
