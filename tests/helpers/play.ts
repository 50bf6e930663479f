import { randomUUID } from "node:crypto";
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge, type TMemoryKnowledge } from "@/games/bots";
import type { TMechanicId } from "@/games/manifests";
import { createApiKey, createProject, randomIp, type TAdmin, type TCall } from "./api";

export const API_ORIGIN = "http://localhost:3000";

/** A player, with the network address all its requests come from (a test presents one per player). */
export type TPlayer = { token: string; externalUserId: string; projectId: string; ip?: string };

/** A project playing `mechanic`, and a session-issuing key for it. */
export async function playProject(call: TCall, admin: TAdmin, mechanic: TMechanicId = "match3_v1") {
  const projectId = await createProject(call, admin);
  const res = await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { play_mechanic: mechanic } });
  if (res.status !== 200) throw new Error(`select mechanic ${res.status} ${res.text}`);
  const key = await createApiKey(call, admin, projectId, ["session:issue", "events:write"]);
  return { projectId, key };
}

export async function newPlayer(call: TCall, projectId: string, key: string, externalUserId = `player-${randomUUID().slice(0, 8)}`): Promise<TPlayer> {
  const ip = randomIp();
  const res = await call("POST", "/v1/server/session-token", { token: key, ip, body: { project_id: projectId, external_user_id: externalUserId } });
  if (res.status !== 200) throw new Error(`session ${res.status} ${res.text}`);
  return { token: res.body.session_token, externalUserId, projectId, ip };
}

export function startRun(call: TCall, player: TPlayer, body: Record<string, unknown> = {}, origin = API_ORIGIN) {
  return call("POST", "/v1/game-runs", { token: player.token, ip: player.ip, headers: origin ? { origin } : {}, body: { intent: "next", ...body } });
}

export function sendCommand(call: TCall, player: TPlayer, runId: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call("POST", `/v1/game-runs/${runId}/commands`, { token: player.token, ip: player.ip, headers: { origin: API_ORIGIN, ...headers }, body });
}

/** Plays a run to its end with the reference bot, one command at a time, like a client would. */
export async function playToEnd(call: TCall, player: TPlayer, run: { run_id: string; mechanic: string; sequence: number; view: Record<string, unknown> }, maxCommands = 400) {
  let view = run.view;
  let sequence = run.sequence;
  let memory: TMemoryKnowledge = updateMemoryKnowledge(emptyMemoryKnowledge(), [], view);
  let last: any = null;
  for (let i = 0; i < maxCommands; i++) {
    const cmd = suggestCommand(run.mechanic as TMechanicId, view, memory);
    if (!cmd) break;
    const res = await sendCommand(call, player, run.run_id, { command_id: randomUUID(), sequence: sequence + 1, action: cmd.action, payload: cmd.payload });
    if (res.status !== 200) throw new Error(`command ${res.status} ${res.text}`);
    last = res.body;
    sequence = res.body.sequence;
    view = res.body.view;
    memory = updateMemoryKnowledge(memory, res.body.animation_steps, view);
    if (res.body.status !== "active") return res.body;
  }
  return last;
}
