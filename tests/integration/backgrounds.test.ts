import { crc32 } from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { holdNormalisationsForTest, normalisationLoad } from "@/server/domain/platform/backgrounds/normalise-queue";
import { client, createProject, verifiedAdmin, type TAdmin, type TCall } from "../helpers/api";
import { newPlayer, playProject } from "../helpers/play";
import { startTestServer, type TTestServer } from "../helpers/server";

/**
 * Project backgrounds end to end, with images crafted here by sharp: every hostile or unusable
 * file is a clear 4xx in the error contract and leaves nothing behind (no asset row, no revision
 * change); a good photo becomes an 840×1520 WebP of at most 220 KiB served as immutable; the
 * routes take the console cookie only and foreign projects are 404; at most two normalisations
 * run at once.
 */
const ORIGIN = "http://localhost:3000";
let server: TTestServer;
let call: TCall;
let admin: TAdmin;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  call = client(server.url);
  admin = await verifiedAdmin(call);
  cookie = `legacy_admin_session=${encodeURIComponent(admin.token)}`;
});
afterAll(() => server.close());

const bgPath = (projectId: string, slot = "lobby") => `/v1/admin/projects/${projectId}/game-assets/${slot}/background`;

function photo(width: number, height: number, o: { format?: "png" | "jpeg" | "webp"; noise?: boolean } = {}) {
  // A gradient with a little noise compresses like a photo, not like a flat colour.
  const channels = 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * channels;
      const n = o.noise ? (x * 7919 + y * 104729) % 23 : 0;
      raw[i] = (x * 255) / width + n;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = 128 + n;
    }
  }
  const img = sharp(raw, { raw: { width, height, channels } });
  const format = o.format ?? "jpeg";
  return (format === "png" ? img.png() : format === "webp" ? img.webp() : img.jpeg({ quality: 90 })).toBuffer();
}

async function upload(projectId: string, file: Buffer, o: { slot?: string; filename?: string; token?: string; cookie?: string | null; type?: string } = {}) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(file)], { type: o.type ?? "image/png" }), o.filename ?? "photo.png");
  const headers: Record<string, string> = { origin: ORIGIN };
  if (o.cookie !== null) headers.cookie = o.cookie ?? cookie;
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  const res = await fetch(server.url + bgPath(projectId, o.slot), { method: "PUT", headers, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/** What a refusal must leave untouched: the project's asset rows, backgrounds and revision. */
async function storedState(projectId: string) {
  const assets = await pool().query("SELECT count(*)::int AS n FROM project_asset WHERE project_id = $1", [projectId]);
  const p = await pool().query("SELECT play_config_revision, game_backgrounds FROM project WHERE id = $1", [projectId]);
  return { assets: assets.rows[0].n, revision: p.rows[0].play_config_revision, backgrounds: p.rows[0].game_backgrounds };
}

/** A valid PNG whose IHDR declares other dimensions (CRC recomputed): a decompression bomb's header. */
async function pngDeclaring(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: "#888" } }).png().toBuffer());
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)) >>> 0, 29);
  return png;
}

describe("refused files store nothing", () => {
  const cases: Array<[string, () => Promise<Buffer>, number, string]> = [
    ["a decompression bomb (100000×190000 declared in an 8×8 PNG)", () => pngDeclaring(100_000, 190_000), 422, "dimensions_too_large"],
    ["wrong magic bytes (text named .png)", async () => Buffer.from("GIF89a? no: just text pretending to be a picture"), 422, "unsupported_format"],
    ["a GIF", () => sharp({ create: { width: 600, height: 1000, channels: 3, background: "#0a0" } }).gif().toBuffer(), 422, "unsupported_format"],
    ["a landscape photo", () => photo(1600, 900), 422, "landscape"],
    ["a too small portrait", () => photo(300, 540), 422, "too_small"],
    ["a square-ish portrait", () => photo(800, 1000), 422, "aspect_ratio"],
    ["an animated WebP", async () => sharp([await photo(500, 900, { format: "png" }), await photo(500, 900, { format: "png", noise: true })], { join: { animated: true } }).webp().toBuffer(), 422, "animated"],
    ["a CMYK JPEG", async () => sharp(await photo(600, 1000)).toColourspace("cmyk").jpeg().toBuffer(), 422, "cmyk"],
    ["a truncated JPEG", async () => (await photo(600, 1000, { noise: true })).subarray(0, 2000), 422, "undecodable"],
  ];
  for (const [name, make, status, reason] of cases) {
    it(`refuses ${name}`, async () => {
      const projectId = await createProject(call, admin);
      const before = await storedState(projectId);
      const res = await upload(projectId, await make());
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code: "validation_error", reason });
      expect(typeof res.body.message).toBe("string");
      expect(res.body.request_id).toBeTruthy();
      expect(await storedState(projectId)).toEqual(before);
      expect(before).toMatchObject({ assets: 0, backgrounds: {} });
    });
  }

  it("names the problem in words a person understands", async () => {
    const projectId = await createProject(call, admin);
    const res = await upload(projectId, await photo(1600, 900));
    expect(res.body.message).toBe("This image is landscape (1600×900); use a portrait (taller than wide) photo at least 420×760");
    const square = await upload(projectId, await photo(300, 300));
    expect(square.body.message).toBe("This image is square (300×300); use a portrait (taller than wide) photo at least 420×760");
  });

  it("refuses a file over 5 MiB with 413", async () => {
    const projectId = await createProject(call, admin);
    const big = Buffer.concat([await photo(600, 1000), Buffer.alloc(5 * 1024 * 1024)]);
    const res = await upload(projectId, big);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe("validation_error");
    expect(await storedState(projectId)).toMatchObject({ assets: 0, backgrounds: {} });
  });

  it("refuses bodies that are not a well-formed multipart form with one `file`", async () => {
    const projectId = await createProject(call, admin);
    const put = (body: string | Buffer, type: string) =>
      fetch(server.url + bgPath(projectId), { method: "PUT", headers: { cookie, origin: ORIGIN, "content-type": type }, body: new Uint8Array(Buffer.from(body)) }).then(async (r) => ({ status: r.status, body: await r.json() }));
    expect((await put("{}", "application/json")).status).toBe(415);
    expect((await put("x", "multipart/form-data")).body.reason).toBe("bad_multipart"); // no boundary
    const jpeg = await photo(600, 1000);
    const part = (name: string, data: Buffer) => Buffer.concat([Buffer.from(`--b0\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\n\r\n`), data, Buffer.from("\r\n")]);
    const truncated = Buffer.concat([part("file", jpeg)]); // no closing delimiter
    expect((await put(truncated, "multipart/form-data; boundary=b0")).body.reason).toBe("bad_multipart");
    const wrongField = Buffer.concat([part("photo", jpeg), Buffer.from("--b0--\r\n")]);
    expect((await put(wrongField, "multipart/form-data; boundary=b0")).body.reason).toBe("missing_file");
    const twoFiles = Buffer.concat([part("file", jpeg), part("file", jpeg), Buffer.from("--b0--\r\n")]);
    expect((await put(twoFiles, "multipart/form-data; boundary=b0")).body.reason).toBe("missing_file");
    const ok = Buffer.concat([part("file", jpeg), Buffer.from("--b0--\r\n")]);
    expect((await put(ok, "multipart/form-data; boundary=b0")).status).toBe(200);
  });

  it("refuses the wheel and legacy slots and unknown ones", async () => {
    const projectId = await createProject(call, admin);
    for (const slot of ["wheel", "streak_v1", "nope"]) {
      const res = await upload(projectId, await photo(600, 1000), { slot });
      expect(res.status).toBe(422);
      expect(res.body.reason).toBe("unknown_slot");
    }
    expect(await storedState(projectId)).toMatchObject({ assets: 0, backgrounds: {} });
  });
});

describe("a good upload", () => {
  it("stores the original and an 840×1520 WebP ≤ 220 KiB, served immutable, and moves the revision by one", async () => {
    const projectId = await createProject(call, admin);
    const before = await storedState(projectId);
    const file = await photo(1080, 1920, { noise: true });
    const res = await upload(projectId, file, { filename: "holiday.gif" }); // the name is not what decides
    expect(res.status).toBe(200);
    const { background } = res.body;
    expect(res.body).toMatchObject({ slot: "lobby", config_revision: before.revision + 1, url: `/v1/project-game-assets/${projectId}/${background.asset_id}` });
    expect(background).toMatchObject({ format: "webp", width: 840, height: 1520, original: { format: "jpeg", width: 1080, height: 1920, bytes: file.length } });
    expect(background.bytes).toBeLessThanOrEqual(220 * 1024);
    expect(background.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(background.asset_id).toBe(background.sha256.slice(0, 32));

    const img = await fetch(server.url + res.body.url);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/webp");
    expect(img.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(img.headers.get("etag")).toBe(`"${background.sha256}"`);
    const bytes = Buffer.from(await img.arrayBuffer());
    expect(bytes.length).toBe(background.bytes);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 840, height: 1520, hasAlpha: false });
    expect((await fetch(server.url + res.body.url, { headers: { "if-none-match": `"${background.sha256}"` } })).status).toBe(304);
    // The original is stored but not delivered; unknown ids are 404.
    expect((await fetch(`${server.url}/v1/project-game-assets/${projectId}/${background.original.asset_id}`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/project-game-assets/${projectId}/${"0".repeat(32)}`)).status).toBe(404);
    expect((await fetch(`${server.url}/v1/project-game-assets/not-a-project/${background.asset_id}`)).status).toBe(404);
    const stored = await pool().query("SELECT kind, format, bytes, sha256 FROM project_asset WHERE project_id = $1 ORDER BY kind", [projectId]);
    expect(stored.rows).toEqual([
      { kind: "original", format: "jpeg", bytes: file.length, sha256: background.original.sha256 },
      { kind: "runtime", format: "webp", bytes: background.bytes, sha256: background.sha256 },
    ]);
    const audit = await pool().query("SELECT action, target_id FROM audit_log WHERE project_id = $1 AND action LIKE 'project.background%'", [projectId]);
    expect(audit.rows).toEqual([{ action: "project.background_set", target_id: "lobby" }]);
  });

  it("serves a background whose runtime file was uploaded to the project before as an original", async () => {
    // The runtime WebP of a photo is the same bytes every time, so its id is too: uploaded first as
    // a file of its own (downloaded from another project), it was stored as an original, and the
    // photo's upload then pointed the slot at a row that delivery does not serve (404).
    const file = await photo(1080, 1920, { noise: true });
    const elsewhere = await upload(await createProject(call, admin), file);
    const runtimeBytes = Buffer.from(await (await fetch(server.url + elsewhere.body.url)).arrayBuffer());
    const projectId = await createProject(call, admin);
    const asFile = await upload(projectId, runtimeBytes, { slot: "match3_v1" });
    expect(asFile.status).toBe(200);
    expect(asFile.body.background.original.asset_id).toBe(elsewhere.body.background.asset_id);
    const res = await upload(projectId, file);
    expect(res.status).toBe(200);
    expect(res.body.background.asset_id).toBe(elsewhere.body.background.asset_id);
    const img = await fetch(server.url + res.body.url);
    expect(img.status).toBe(200);
    expect(Buffer.from(await img.arrayBuffer()).equals(runtimeBytes)).toBe(true);
  });

  it("applies EXIF orientation: a landscape-stored JPEG with orientation 6 is a portrait", async () => {
    const projectId = await createProject(call, admin);
    // Stored 1520×840 (landscape) with the left half red; orientation 6 turns it 90° clockwise,
    // so the person sees a 840×1520 portrait whose top half is red.
    const w = 1520, h = 840;
    const raw = Buffer.alloc(w * h * 3);
    for (let i = 0; i < w * h; i++) {
      const red = i % w < w / 2;
      raw[i * 3] = red ? 230 : 20;
      raw[i * 3 + 1] = 20;
      raw[i * 3 + 2] = red ? 20 : 230;
    }
    const file = await sharp(raw, { raw: { width: w, height: h, channels: 3 } }).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const res = await upload(projectId, file);
    expect(res.status).toBe(200);
    expect(res.body.background.original).toMatchObject({ width: 840, height: 1520 });
    const out = Buffer.from(await (await fetch(server.url + res.body.url)).arrayBuffer());
    const { data } = await sharp(out).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [...data.subarray((y * 840 + x) * 3, (y * 840 + x) * 3 + 3)];
    expect(px(420, 200)[0]).toBeGreaterThan(180); // top: red
    expect(px(420, 1300)[2]).toBeGreaterThan(180); // bottom: blue
  });

  it("accepts PNG and WebP too, decided by bytes", async () => {
    const projectId = await createProject(call, admin);
    const png = await upload(projectId, await photo(700, 1200, { format: "png" }), { filename: "x.jpg", type: "image/jpeg" });
    expect(png.body.background.original.format).toBe("png");
    const webp = await upload(projectId, await photo(700, 1200, { format: "webp" }));
    expect(webp.body.background.original.format).toBe("webp");
    expect(webp.body.config_revision).toBe(png.body.config_revision + 1);
  });

  it("shows in the lobby and widget config, and reset removes the metadata but keeps the files", async () => {
    const { projectId, key } = await playProject(call, admin);
    const up = await upload(projectId, await photo(900, 1600));
    const game = await upload(projectId, await photo(900, 1600, { noise: true }), { slot: "match3_v1" });
    expect(game.status).toBe(200);
    const player = await newPlayer(call, projectId, key);
    const lobby = await call("GET", "/v1/lobby", { token: player.token, ip: player.ip });
    expect(lobby.body.config_revision).toBe(game.body.config_revision);
    expect(lobby.body.assets).toEqual({
      lobby_background: { url: up.body.url, width: 840, height: 1520 },
      game_background: { url: game.body.url, width: 840, height: 1520 },
    });
    const config = await call("GET", `/v1/widget/config?project_id=${projectId}`);
    expect(config.body.assets.lobby_background.url).toBe(up.body.url);
    const preview = await call("GET", `/v1/admin/widget-preview?project_id=${projectId}&mode=preview`, { token: admin.token });
    expect(preview.text).toContain(`data-background="${up.body.url}"`);
    const project = await call("GET", `/v1/admin/projects/${projectId}`, { token: admin.token });
    expect(project.body.backgrounds).toEqual([
      { slot: "lobby", url: up.body.url, original: { format: "jpeg", width: 900, height: 1600, bytes: up.body.background.original.bytes } },
      { slot: "match3_v1", url: game.body.url, original: expect.objectContaining({ format: "jpeg" }) },
      { slot: "memory_v1", url: null, original: null },
      { slot: "parcel_pilot_v1", url: null, original: null },
    ]);

    const reset = await fetch(server.url + bgPath(projectId), { method: "DELETE", headers: { cookie, origin: ORIGIN } });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toEqual({ slot: "lobby", background: {}, config_revision: game.body.config_revision + 1 });
    const again = await fetch(server.url + bgPath(projectId), { method: "DELETE", headers: { cookie, origin: ORIGIN } });
    expect((await again.json()).config_revision).toBe(game.body.config_revision + 1); // nothing to reset: unchanged
    const after = await call("GET", "/v1/lobby", { token: player.token, ip: player.ip });
    expect(after.body.assets.lobby_background).toBeNull();
    expect(after.body.assets.game_background).not.toBeNull();
    expect((await fetch(server.url + up.body.url)).status).toBe(200); // the file stays
    expect((await storedState(projectId)).assets).toBe(4);
  });
});

describe("who may upload", () => {
  it("refuses a bearer token (cookie required), also beside the cookie, and a cookie write without an admin Origin", async () => {
    const projectId = await createProject(call, admin);
    const file = await photo(600, 1000);
    const bearer = await upload(projectId, file, { cookie: null, token: admin.token });
    expect(bearer.status).toBe(403);
    expect(bearer.body.code).toBe("forbidden");
    expect((await upload(projectId, file, { token: admin.token })).status).toBe(403);
    const del = await fetch(server.url + bgPath(projectId), { method: "DELETE", headers: { authorization: `Bearer ${admin.token}` } });
    expect(del.status).toBe(403);
    const noOrigin = await fetch(server.url + bgPath(projectId), { method: "DELETE", headers: { cookie } });
    expect((await noOrigin.json()).code).toBe("origin_not_allowed");
    expect((await upload(projectId, file, { cookie: null })).status).toBe(401);
    expect(await storedState(projectId)).toMatchObject({ assets: 0, backgrounds: {} });
  });

  it("answers 404 for another account's project, and changes nothing there", async () => {
    const other = await verifiedAdmin(call);
    const foreign = await createProject(call, other);
    const before = await storedState(foreign);
    const res = await upload(foreign, await photo(600, 1000));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe("not_found");
    const del = await fetch(server.url + bgPath(foreign), { method: "DELETE", headers: { cookie, origin: ORIGIN } });
    expect(del.status).toBe(404);
    expect(await storedState(foreign)).toEqual(before);
  });
});

describe("the reference", () => {
  it("documents upload and reset as cookie-only and delivery as public", async () => {
    const doc = (await call("GET", "/docs/openapi.json")).body;
    const ops = doc.paths["/v1/admin/projects/{project_id}/game-assets/{slot}/background"];
    expect(ops.put.security).toEqual([{ AdminCookie: [] }]);
    expect(ops.delete.security).toEqual([{ AdminCookie: [] }]);
    expect(ops.put.responses["429"]).toBeDefined();
    expect(doc.paths["/v1/project-game-assets/{project_id}/{asset_id}"].get.security).toBeUndefined();
  });
});

describe("concurrency", () => {
  it("runs two normalisations at a time and refuses a third meanwhile with 429 and Retry-After: 1", async () => {
    const projectId = await createProject(call, admin);
    const files = await Promise.all([0, 1, 2, 3].map((i) => photo(600 + i * 10, 1000)));
    const release = holdNormalisationsForTest();
    try {
      const first = files.slice(0, 2).map((f) => upload(projectId, f));
      await expect.poll(() => normalisationLoad(), { interval: 10 }).toEqual({ running: 2 });
      const third = await upload(projectId, files[2]!);
      expect(third.status).toBe(429);
      expect(third.body.code).toBe("rate_limited");
      expect(third.headers.get("retry-after")).toBe("1");
      expect(normalisationLoad()).toEqual({ running: 2 });
      release();
      const done = await Promise.all(first);
      expect(done.map((r) => r.status)).toEqual([200, 200]);
      // A slot free again: the refused upload goes through on its retry.
      expect((await upload(projectId, files[3]!)).status).toBe(200);
    } finally {
      release();
    }
    expect(normalisationLoad()).toEqual({ running: 0 });
    expect((await storedState(projectId)).assets).toBe(6);
  });
});
