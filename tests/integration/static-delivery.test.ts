import { readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, overrideConfig } from "@/server/config/env";
import { playManifest } from "@/server/domain/gameplay/play/capability";
import { startTestServer, type TTestServer } from "../helpers/server";
import { client, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";

let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let release: string;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  release = playManifest()!.release;
});
afterAll(() => server.close());

/** A GET that keeps the bytes as sent (fetch would decode Content-Encoding itself). */
function raw(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Headers; body: Buffer; text: () => Promise<string>; arrayBuffer: () => Promise<Buffer> }>((resolve, reject) => {
    const req = http.get(server.url + path, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) h.set(k, Array.isArray(v) ? v.join(", ") : v);
        resolve({ status: res.statusCode!, headers: h, body, text: async () => body.toString("utf8"), arrayBuffer: async () => body });
      });
    });
    req.on("error", reject);
  });
}

describe("loader", () => {
  it("serves widget.js with an ETag, revalidated on every load (304 on a match)", async () => {
    const res = await raw("/v1/widget.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("javascript");
    expect(res.headers.get("cache-control")).toBe("no-cache, max-age=0, must-revalidate");
    const etag = res.headers.get("etag")!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await raw("/v1/widget.js", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect((await raw("/v1/widget.js", { "if-none-match": '"stale"' })).status).toBe(200);
  });

  it("serves widget.js precompressed to browsers that accept it, one validator per encoding, and the same script", async () => {
    const plain = await raw("/v1/widget.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("Accept-Encoding");
    for (const [accept, encoding, unpack] of [["gzip, deflate", "gzip", gunzipSync], ["gzip, deflate, br", "br", brotliDecompressSync]] as const) {
      const res = await raw("/v1/widget.js", { "accept-encoding": accept });
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect(unpack(res.body).equals(plain.body)).toBe(true);
      const etag = res.headers.get("etag")!;
      expect(etag).toBe(`${plain.headers.get("etag")!.slice(0, -1)}-${encoding}"`);
      expect((await raw("/v1/widget.js", { "accept-encoding": accept, "if-none-match": etag })).status).toBe(304);
    }
  });
});

describe("play shell", () => {
  it("serves the shell for mode=play without any token in the page, with a strict CSP", async () => {
    const projectId = await createProject(call, admin, { allowed_origins: [] });
    const res = await raw(`/v1/play?project_id=${projectId}&mode=play`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`/v1/game-assets/shell/${release}/shell.js`);
    expect(html).toContain(projectId);
    expect(html).not.toMatch(/session_token|eyJ/);
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors *"); // free_play: any site may embed
  });

  it("limits framing to allowed origins outside free play", async () => {
    const projectId = await createProject(call, admin, { allowed_origins: ["https://shop.example"] });
    await call("PATCH", `/v1/admin/projects/${projectId}`, { token: admin.token, body: { game_mode: "rewards" } });
    const csp = (await raw(`/v1/play?project_id=${projectId}&mode=play`)).headers.get("content-security-policy")!;
    expect(csp).toContain("frame-ancestors 'self' https://shop.example");
  });

  it("pins the shell to the embedding origin it was opened for, and refuses sites outside the list", async () => {
    const listed = await createProject(call, admin, { allowed_origins: ["https://shop.example"] });
    const ok = await raw(`/v1/play?project_id=${listed}&mode=play&embed_origin=${encodeURIComponent("https://shop.example")}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-security-policy")).toMatch(/frame-ancestors https:\/\/shop\.example;/);
    expect(await ok.text()).toContain('"parent_origin":"https://shop.example"');
    // Free play with a list is bound to it as well.
    expect((await raw(`/v1/play?project_id=${listed}&mode=play&embed_origin=${encodeURIComponent("https://evil.example")}`)).status).toBe(403);
    expect((await raw(`/v1/play?project_id=${listed}&mode=play&embed_origin=not-an-origin`)).status).toBe(400);
    // Free play without a list: any site, but the page is pinned to the one that opened it.
    const open = await createProject(call, admin, { allowed_origins: [] });
    const anySite = await raw(`/v1/play?project_id=${open}&mode=play&embed_origin=${encodeURIComponent("https://blog.example")}`);
    expect(anySite.status).toBe(200);
    expect(anySite.headers.get("content-security-policy")).toMatch(/frame-ancestors https:\/\/blog\.example;/);
  });

  it("refuses public preview (403), a missing mode (400) and an unknown project (404)", async () => {
    const projectId = await createProject(call, admin);
    expect((await raw(`/v1/play?project_id=${projectId}&mode=preview`)).status).toBe(403);
    expect((await raw(`/v1/play?project_id=${projectId}`)).status).toBe(400);
    expect((await raw(`/v1/play?project_id=00000000-0000-4000-8000-000000000000&mode=play`)).status).toBe(404);
  });
});

describe("game entries and assets", () => {
  it("serves game entries without cache, pointing at the current release", async () => {
    const res = await raw("/v1/games/match3_v1/entry.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.text()).toContain(release);
    expect((await raw("/v1/games/unknown_game/entry.js")).status).toBe(404);
  });

  it("serves shell releases precompressed by Accept-Encoding, immutable, with Vary", async () => {
    const path = `/v1/game-assets/shell/${release}/shell.js`;
    const plain = Buffer.from(await (await raw(path, { "accept-encoding": "identity" })).arrayBuffer());
    const br = await raw(path, { "accept-encoding": "gzip, deflate, br" });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(plain)).toBe(true);
    const gz = await raw(path, { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).equals(plain)).toBe(true);
    expect((await raw(path, { "accept-encoding": "br;q=0, gzip;q=0" })).headers.get("content-encoding")).toBeNull();
  });

  it("answers 404 for direct .br/.gz requests, path escapes and bad versions", async () => {
    for (const p of [
      `/v1/game-assets/shell/${release}/shell.js.br`,
      `/v1/game-assets/shell/${release}/shell.js.gz`,
      // the same with the dot percent-encoded: the router passes the raw path, the check must see the decoded name
      `/v1/game-assets/shell/${release}/shell.js%2Ebr`,
      `/v1/game-assets/shell/${release}/shell.js%2egz`,
      // a folder of the release is not a file (it answered 500: EISDIR)
      `/v1/game-assets/shell/${release}/games`,
      `/v1/game-assets/shell/${release}/..%2F..%2Fmanifest.json`,
      `/v1/game-assets/shell/${release}/%2e%2e/%2e%2e/manifest.json`,
      `/v1/game-assets/shell/${release}/.complete`,
      `/v1/game-assets/shell/r000000000000/shell.js`,
      `/v1/game-assets/shell/not-a-release/shell.js`,
      `/v1/game-assets/match3_v1/bad.version/x.js`,
      `/v1/game-assets/match3_v1/2/x.js`,
    ]) {
      expect((await raw(p)).status, p).toBe(404);
    }
  });

  it("serves the old build (version 1) gzip-compressed on the fly", async () => {
    const files = readdirLegacy();
    expect(files.length).toBeGreaterThan(0);
    const file = files[0]!;
    const res = await raw(`/v1/game-assets/streak_v1/1/${file}`, { "accept-encoding": "gzip" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).equals(readFileSync(`client/legacy/1/${file}`))).toBe(true);
    expect((await raw(`/v1/game-assets/streak_v1/1/${file}`)).headers.get("content-encoding")).toBeNull();
    // gzip refused by its q-value, beside an encoding the client does accept: sent as it is
    const refused = await raw(`/v1/game-assets/streak_v1/1/${file}`, { "accept-encoding": "br, gzip;q=0" });
    expect(refused.headers.get("content-encoding")).toBeNull();
    expect(Buffer.from(await refused.arrayBuffer()).equals(readFileSync(`client/legacy/1/${file}`))).toBe(true);
  });

  it("serves the legacy streak template bundle", async () => {
    const res = await raw("/v1/templates/streak_v1/bundle.js");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("PlayloopStreak");
    expect((await raw("/v1/templates/nope/bundle.js")).status).toBe(404);
  });
});

describe("demo", () => {
  it("serves a host page embedding the loader for the demo project, and a demo token", async () => {
    const page = await raw("/demo");
    expect(page.status).toBe(200);
    const html = await page.text();
    const projectId = /data-project-id="([0-9a-f-]{36})"/.exec(html)![1];
    expect(html).toContain('src="/v1/widget.js"');
    const token = await call("GET", "/v1/demo/token?anonymous_id=demo-visitor-1");
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({ project_id: projectId, subject_type: "anonymous" });
    expect(token.body.external_user_id).toMatch(/^anon_/);
  });

  it("does not exist when demo endpoints are off", async () => {
    const previous = config().demoEndpoints;
    overrideConfig({ demoEndpoints: false });
    try {
      expect((await raw("/demo")).status).toBe(404);
      expect((await call("GET", "/v1/demo/token")).status).toBe(404);
    } finally {
      overrideConfig({ demoEndpoints: previous });
    }
  });
});

function readdirLegacy(): string[] {

  return readdirSync("client/legacy/1").filter((f) => !f.startsWith("."));
}
