import { createHmac, randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge } from "@/games/bots";

/**
 * Drives the public HTTP API the way a shop and its player would, for the console rewards test:
 * the shop's server issues a verified player session with its API key, the player wins Gem Match
 * level 1 with the reference bot's moves (sent as fast as a script sends them, which the pace rule
 * notices), and a receiver signs webhooks the way the integration docs describe.
 *
 * The bot wins level 1 in 1 to 12 moves depending on the run's random seed, and the pace rule only
 * judges runs of at least 4 commands. Three mis-taps first (swaps of cells that are not
 * neighbours, refused by the engine but counted) make every run long enough to be judged.
 */
export async function winLevelOne(request: APIRequestContext, baseURL: string, opts: { projectId: string; apiKey: string; externalUserId: string }) {
  const session = await request.post("/v1/server/session-token", {
    headers: { authorization: `Bearer ${opts.apiKey}` },
    data: { project_id: opts.projectId, external_user_id: opts.externalUserId },
  });
  if (session.status() !== 200) throw new Error(`session-token ${session.status()} ${await session.text()}`);
  const player = { authorization: `Bearer ${(await session.json()).session_token}`, origin: baseURL };

  const started = await request.post("/v1/game-runs", { headers: player, data: { intent: "next" } });
  if (started.status() !== 200) throw new Error(`start run ${started.status()} ${await started.text()}`);
  const run = await started.json();
  let view = run.view as Record<string, unknown>;
  let sequence = run.sequence as number;
  let memory = updateMemoryKnowledge(emptyMemoryKnowledge(), [], view);
  for (let i = 0; i < 3; i++) {
    const res = await request.post(`/v1/game-runs/${run.run_id}/commands`, {
      headers: player,
      data: { command_id: randomUUID(), sequence: sequence + 1, action: "swap", payload: { from: { row: 0, col: 0 }, to: { row: 0, col: 2 } } },
    });
    const body = await res.json();
    if (res.status() !== 200 || body.accepted !== false) throw new Error(`mis-tap ${res.status()} ${JSON.stringify(body)}`);
    sequence = body.sequence;
  }
  for (let i = 0; i < 200; i++) {
    const cmd = suggestCommand(run.mechanic, view, memory);
    if (!cmd) throw new Error("the bot has no move");
    const res = await request.post(`/v1/game-runs/${run.run_id}/commands`, {
      headers: player,
      data: { command_id: randomUUID(), sequence: sequence + 1, action: cmd.action, payload: cmd.payload },
    });
    if (res.status() !== 200) throw new Error(`command ${res.status()} ${await res.text()}`);
    const body = await res.json();
    if (body.status === "won") return;
    if (body.status !== "active") throw new Error(`the run ended ${body.status}`);
    sequence = body.sequence;
    view = body.view;
    memory = updateMemoryKnowledge(memory, body.animation_steps, view);
  }
  throw new Error("no win within 200 moves");
}

/** Headers for a webhook body signed as Playloop signs them: t=<unix>,v=<version>,v1=<HMAC-SHA256("t.body")>. */
export function signedHeaders(body: string, secret: string, version: number): Record<string, string> {
  const t = Math.floor(Date.now() / 1000);
  const v1 = createHmac("sha256", secret).update(`${t}.${body}`).digest("hex");
  return { "content-type": "application/json", "x-service-signature": `t=${t},v=${version},v1=${v1}`, "x-service-event": "webhook.test", "x-legacy-idempotency-key": `e2e:${randomUUID()}` };
}
