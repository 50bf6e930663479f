import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readBody } from "./body";

/** A request stand-in: a stream with headers, fed chunk by chunk like a socket. */
function request(headers: Record<string, string> = {}) {
  return Object.assign(new PassThrough(), { headers }) as unknown as IncomingMessage & PassThrough;
}

describe("readBody", () => {
  it("joins the chunks of a body", async () => {
    const req = request();
    const body = readBody(req, 100);
    req.write("{\"a\":");
    req.end("1}");
    expect((await body).toString()).toBe('{"a":1}');
  });

  it("refuses a declared length over the limit before reading", async () => {
    await expect(readBody(request({ "content-length": "101" }), 100)).rejects.toMatchObject({ status: 413 });
  });

  it("cuts a chunked body off once it crosses the limit", async () => {
    const req = request();
    const body = readBody(req, 10);
    req.write("123456");
    req.write("789012");
    await expect(body).rejects.toMatchObject({ status: 413 });
  });

  it("rejects, instead of waiting forever, when the client goes away before the end", async () => {
    const req = request();
    const body = readBody(req, 100);
    req.write("{\"a\":");
    req.destroy();
    await expect(body).rejects.toMatchObject({ code: "ERR_STREAM_PREMATURE_CLOSE" });
  });

  it("answers an empty body for a request already read to its end", async () => {
    const req = request();
    req.end();
    req.resume();
    await new Promise((r) => req.once("end", r));
    expect((await readBody(req, 100)).length).toBe(0);
  });
});
