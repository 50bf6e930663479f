import pg from "pg";
import type { TMechanicId } from "@/games/manifests";
import { client, verifiedAdmin, type TAdmin, type TCall } from "./api";
import { newPlayer, playProject, type TPlayer } from "./play";
import { startTestServer, type TTestServer } from "./server";

/** What the play integration files share: a test server, a verified admin with a project playing a mechanic, a direct database client. */
export type TPlaySuite = {
  server: TTestServer;
  call: TCall;
  admin: TAdmin;
  project: { projectId: string; key: string };
  pgc: pg.Client;
  /** A new verified player of the project. */
  player: () => Promise<TPlayer>;
  /** A player's stored events of one type. */
  events: (p: TPlayer, type: string) => Promise<pg.QueryResult["rows"]>;
};

export async function startPlaySuite(mechanic: TMechanicId): Promise<TPlaySuite> {
  const server = await startTestServer();
  const call = client(server.url);
  const admin = await verifiedAdmin(call);
  const project = await playProject(call, admin, mechanic);
  const pgc = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await pgc.connect();
  return {
    server, call, admin, project, pgc,
    player: () => newPlayer(call, project.projectId, project.key),
    events: async (p, type) =>
      (await pgc.query("SELECT payload, run_id FROM player_event WHERE project_id = $1 AND external_user_id = $2 AND type = $3", [p.projectId, p.externalUserId, type])).rows,
  };
}

export async function stopPlaySuite(s: TPlaySuite): Promise<void> {
  await s.pgc.end();
  await s.server.close();
}
