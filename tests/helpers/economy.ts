import { createApiKey, type TAdmin, type TCall } from "./api";
import { playProject } from "./play";

/** A small economy: ten coins to start with and one booster for a coin. */
export const TINY_ECONOMY = {
  resources: [{ id: "coins", name: "Coins", starting_balance: 10 }, { id: "tickets", name: "Tickets", starting_balance: 0 }],
  boosters: [{ id: "tiny", name: "Tiny", mechanic: "match3_v1", effect: "shuffle", price: { resource_id: "coins", amount: 1 } }],
};

/** A Gem Match project with `config` as its economy (the default without), and an API key that issues sessions and grants. */
export async function economyProject(call: TCall, admin: TAdmin, config?: unknown) {
  const { projectId, key } = await playProject(call, admin, "match3_v1");
  if (config) {
    const res = await call("PATCH", `/v1/admin/projects/${projectId}/economy`, { token: admin.token, body: { economy_config: config } });
    if (res.status !== 200) throw new Error(`economy ${res.status} ${res.text}`);
  }
  const grantKey = await createApiKey(call, admin, projectId, ["session:issue", "economy:grant"]);
  return { projectId, key, grantKey };
}
