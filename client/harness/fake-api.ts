// Harness entry, loaded by the harness's /v1/play page BEFORE shell.js: it
// routes the shell's same-origin /v1/* fetches to an in-page FakeServer that
// runs the real engines, and exposes window.__harness for tests:
//   suggest()      the reference bot's next command for the current view
//   server         the FakeServer (dropResponses, skipTo, ...)
//   tokens         bearer tokens the shell presented (revokeTokens() expires them)
//   telemetry      telemetry bodies received
import { emptyMemoryKnowledge, suggestCommand, updateMemoryKnowledge, type TMemoryKnowledge } from "@/games/bots";
import { isMechanicId } from "@/games/registry";
import type { TMechanicId } from "@/games/manifests";
import { FakeServer } from "./fake-server";
import { HARNESS_PROJECTS } from "./projects";

type ShellHook = { state: string; view: Record<string, unknown> | null; run: { run_id: string } | null };

const params = new URLSearchParams(location.search);
const project = HARNESS_PROJECTS.find((p) => p.id === params.get("project_id"));
const mechanic: TMechanicId = project && isMechanicId(project.mechanic) ? project.mechanic : "match3_v1";
const server = new FakeServer(mechanic, project?.accent);
const realFetch = window.fetch.bind(window);
let latencyMs = 60;
let knowledge: TMemoryKnowledge = emptyMemoryKnowledge();
let knowledgeRun = "";
const tokens: string[] = [];
const revoked = new Set<string>();
const telemetry: unknown[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

window.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url, location.href);
  if (url.origin !== location.origin || !url.pathname.startsWith("/v1/") || url.pathname === "/v1/play") return realFetch(input, init);
  const method = (init?.method ?? "GET").toUpperCase();
  const headers = new Headers(init?.headers);
  const body = typeof init?.body === "string" ? (JSON.parse(init.body) as Record<string, unknown>) : {};
  await sleep(latencyMs);
  const auth = headers.get("Authorization") ?? "";
  const json = (status: number, b: unknown) => new Response(JSON.stringify(b), { status, headers: { "Content-Type": "application/json" } });
  if (!/^Bearer .+/.test(auth)) return json(401, { code: "unauthorized", message: "No session", request_id: "harness" });
  const token = auth.slice(7);
  if (revoked.has(token)) return json(401, { code: "unauthorized", message: "Session expired", request_id: "harness" });
  if (!tokens.includes(token)) tokens.push(token);
  if (url.pathname === "/v1/client-telemetry") telemetry.push(body);
  const res = server.handle(method, url.pathname, body);
  if (res === "drop") throw new TypeError("Failed to fetch (harness dropped the response)");
  // the bot's memory of faces, fed from what the player was shown
  const b = res.body as { run_id?: string; animation_steps?: { type: string }[]; view?: Record<string, unknown> };
  if (mechanic === "memory_v1" && b.view) {
    if (b.run_id && b.run_id !== knowledgeRun) {
      knowledgeRun = b.run_id;
      knowledge = emptyMemoryKnowledge();
    }
    knowledge = updateMemoryKnowledge(knowledge, b.animation_steps ?? [], b.view);
  }
  return json(res.status, res.body);
};

(window as unknown as { __harness: unknown }).__harness = {
  mechanic,
  server,
  tokens,
  telemetry,
  setLatency: (ms: number) => (latencyMs = ms),
  /** Expires every token seen so far: the next call gets 401 and the shell must obtain a new one. */
  revokeTokens: () => tokens.forEach((t) => revoked.add(t)),
  suggest() {
    const hook = (window as unknown as { __playloop?: ShellHook }).__playloop;
    return hook?.view ? suggestCommand(mechanic, hook.view, knowledge) : null;
  },
};
