// A game's manifest (games/<game>/manifest.ts) is the one place that names it. These tests
// fail when anything that serves or builds a game disagrees with its manifest: the engine
// registry, the catalogue and lobby, the demo, the built client and the renderer source.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_GAMES } from "@/server/domain/workspace/demo/demo-projects";
import { PLAY_BUILD_DIR, playManifest } from "@/server/domain/gameplay/play/capability";
import { openApiDocument } from "@/server/http/openapi";
import { GAME_MANIFESTS } from "@/games/manifests";
import { getMechanic, mechanicIds, tracks } from "@/games/registry";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, randomIp, verifiedAdmin, type TCall } from "../helpers/api";

let server: TTestServer;
let call: TCall;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
});
afterAll(() => server.close());

describe.each(GAME_MANIFESTS.map((g) => [g.id, g] as const))("game %s", (id, game) => {
  it("registers its engine and level track under its id", () => {
    expect(getMechanic(id)).toBe(game.engine);
    expect(game.engine.id).toBe(id);
    expect(game.engine.title).toBe(game.name);
    expect(tracks[game.id]).toBe(game.track);
    expect(game.track.mechanic).toBe(id);
  });

  it("has its renderer built into the current client release", () => {
    const manifest = playManifest()!;
    const chunk = manifest.shell.games[id];
    expect(chunk).toBe(`games/${id}.js`);
    const release = path.join(PLAY_BUILD_DIR, "shell", manifest.release);
    expect(readFileSync(path.join(release, chunk!), "utf8")).toContain(`mechanic:"${id}"`);
    // the shell picks the lobby art from the manifest's table, passed in by the build
    expect(readFileSync(path.join(release, "shell.js"), "utf8")).toContain(`${id}:"${game.client.hero}"`);
    const source = path.resolve("client/games", `${game.client.module}.ts`);
    expect(existsSync(source)).toBe(true);
    expect(readFileSync(source, "utf8")).toMatch(new RegExp(`export const ${game.client.export}: GameModule = \\{ mechanic: "${id}"`));
  });
});

describe("the catalogue and the lobby", () => {
  it("list every game, and only those, under its manifest's name and modes", async () => {
    const admin = await verifiedAdmin(call);
    const res = await call("GET", "/v1/admin/templates", { token: admin.token, ip: admin.ip });
    expect(res.status).toBe(200);
    const games = res.body.templates.filter((t: { kind: string }) => t.kind === "mechanic");
    expect(games).toEqual(
      GAME_MANIFESTS.map((g) => expect.objectContaining({ id: g.id, engine: "run", player_title: g.name, allowed_modes: [...g.modes], client_status: "ready", selectable: true })),
    );
    expect(mechanicIds).toEqual(GAME_MANIFESTS.map((g) => g.id));
  });

  it("titles each demo game's lobby with its manifest's name", async () => {
    const ip = randomIp();
    for (const id of DEMO_GAMES) {
      const session = await call("GET", `/v1/demo/token?game=${id}&anonymous_id=manifest-check-1`, { ip });
      expect(session.status).toBe(200);
      const lobby = await call("GET", "/v1/lobby", { token: session.body.session_token, ip });
      expect(lobby.status).toBe(200);
      expect(lobby.body.play).toMatchObject({ mechanic: id, title: GAME_MANIFESTS.find((g) => g.id === id)!.name, available: true });
    }
  });
});

describe("the demo", () => {
  it("offers the games that have a demo order, in that order, on its page and in the API", async () => {
    const expected = GAME_MANIFESTS.filter((g) => g.demoOrder !== undefined).sort((a, b) => a.demoOrder! - b.demoOrder!);
    expect(DEMO_GAMES).toEqual(expected.map((g) => g.id));
    const page = await call("GET", "/demo");
    const tabs = [...page.text.matchAll(/<a href="\/demo\?game=([a-z0-9_]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(tabs).toEqual(expected.map((g) => [g.id, g.name]));
    const doc = JSON.stringify(openApiDocument().paths?.["/v1/demo/token"]);
    expect(doc).toContain(`"enum":${JSON.stringify(expected.map((g) => g.id))}`);
  });
});
