import { pool } from "@/server/db/client";
import { isUuid } from "@/server/domain/identity";

/** A project's runtime image by its content-derived id, or null (unknown, malformed, or an original). */
export async function readProjectAsset(opts: { projectId: string; assetId: string }): Promise<{ data: Buffer; sha256: string; format: string } | null> {
  if (!isUuid(opts.projectId) || !/^[0-9a-f]{32}$/.test(opts.assetId)) return null;
  const { rows } = await pool().query<{ data: Buffer; sha256: string; format: string }>(
    "SELECT data, sha256, format FROM project_asset WHERE project_id = $1 AND asset_id = $2 AND kind = 'runtime'",
    [opts.projectId, opts.assetId],
  );
  return rows[0] ?? null;
}
