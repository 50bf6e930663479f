import { pool } from "@/server/db/client";
import type { TTx } from "@/server/db/tx";

/**
 * Whether a project has a published wheel (a draft alone does not count): the project PATCH
 * rules (`lobby_wheel_enabled`, `entry_mode` = `wheel_only`) and `*_wheel_ready` ask this. Pass
 * the caller's transaction when there is one.
 */
export async function hasPublishedWheel(projectId: string, wheelId: "daily" | "site", tx?: TTx): Promise<boolean> {
  const { rowCount } = await (tx ?? pool()).query("SELECT 1 FROM wheel WHERE project_id = $1 AND wheel_id = $2 AND published_version > 0", [projectId, wheelId]);
  return (rowCount ?? 0) > 0;
}
