const buf = Buffer.allocUnsafe(1 << 16);
const state = JSON.stringify({ walls: ["#..#....", "#..#....", "........", "..##...."], parcels: Array.from({ length: 6 }, (_, i) => ({ id: "p" + i, pickup: { row: i, col: 2 }, drop: { row: 3, col: i } })), status: ["queued", "carried", "delivered"], score: 1234, moves_used: 12, mechanic: "parcel_pilot_v1", level_id: "lvl_abcdef" }).repeat(2);
const uuid = "0f8e4a2c-1b3d-4e5f-8a9b-0c1d2e3f4a5b";
const strs = [state, uuid, uuid, "move", '{"dir":"up"}', state, "2026-12-07T12:00:00.000Z", "active"];
function utf8(n: number) { let t = 0; for (let i = 0; i < n; i++) for (const s of strs) { const len = Buffer.byteLength(s); buf.write(s, 0, "utf-8"); t += len; } return t; }
function lat(n: number) { let t = 0; for (let i = 0; i < n; i++) for (const s of strs) { const len = Buffer.byteLength(s); if (len === s.length) buf.latin1Write(s, 0, len); else buf.write(s, 0, "utf-8"); t += len; } return t; }
function ascii(n: number) { let t = 0; for (let i = 0; i < n; i++) for (const s of strs) { const len = Buffer.byteLength(s); if (len === s.length) (buf as any).asciiWrite(s, 0, len); else buf.write(s, 0, "utf-8"); t += len; } return t; }
for (const r of [1, 2, 3]) for (const [name, f] of [["utf8", utf8], ["latin1", lat], ["ascii", ascii]] as const) {
  f(20000); const c0 = process.cpuUsage(); f(200000); const c = process.cpuUsage(c0); console.log(r, name, ((c.user + c.system) / 200000 * 1000).toFixed(0), "ns per 8 strings; state len", state.length);
}
