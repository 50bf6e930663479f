import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { parseJsonBody, readBody } from "./body";

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

describe("parseJsonBody", () => {
  const parse = (text: string) => parseJsonBody("application/json", Buffer.from(text));

  it("refuses U+0000 and unpaired surrogates, in values and keys, naming where (422)", () => {
    for (const [text, path] of [
      ['{"payload":{"x":"a\\u0000b"}}', "payload.x"],
      ['{"command_id":"\\ud800"}', "command_id"],
      ['{"list":["ok","\\udc00 tail"]}', "list.1"],
      ['{"payload":{"k\\u0000":1}}', "payload.k\u0000"],
    ] as const) {
      let error: unknown;
      try {
        parse(text);
      } catch (e) {
        error = e;
      }
      expect(error, text).toMatchObject({ appCode: "validation_error", status: 422, details: { issues: [{ path }] } });
    }
  });

  it("accepts paired surrogates and other escapes as they are", () => {
    expect(parse('{"emoji":"\\ud83c\\udf89","tab":"a\\tb","u":"\\u00e9"}')).toEqual({ emoji: "🎉", tab: "a\tb", u: "é" });
    expect(parse('{"plain":"no escapes at all"}')).toEqual({ plain: "no escapes at all" });
  });
});

describe("parseJsonBody's media type", () => {
  const body = Buffer.from('{"a":1}');
  it("takes application/json in any case, with parameters and spaces, and an empty body without a type", () => {
    for (const type of ["application/json", "Application/JSON", "application/json; charset=utf-8", " application/json ;charset=UTF-8"]) expect(parseJsonBody(type, body), type).toEqual({ a: 1 });
    expect(parseJsonBody(undefined, Buffer.alloc(0))).toEqual({});
  });
  it("refuses any other type with 415, and a body without a type", () => {
    for (const type of ["text/plain", "application/jsonx", "application/json-patch+json", "", undefined]) {
      expect(() => parseJsonBody(type, body), String(type)).toThrow(expect.objectContaining({ status: 415 }));
    }
  });
});
