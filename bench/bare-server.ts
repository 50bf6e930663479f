import http from "node:http";
import { randomUUID } from "node:crypto";

/** The yardstick: a bare node:http server answering the same JSON as GET /v1/health. */
const port = Number(process.argv[2] ?? 3902);
http
  .createServer((req, res) => {
    const body = JSON.stringify({ status: "ok" });
    res.setHeader("X-Request-Id", randomUUID());
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.end(body);
  })
  .listen(port, "127.0.0.1", () => process.send?.("ready"));
