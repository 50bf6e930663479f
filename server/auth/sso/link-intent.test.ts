import { describe, expect, it } from "vitest";
import { linkIntentCookie, readLinkIntent } from "./link-intent";

const value = (cookie: string) => cookie.split(";")[0]!.split("=").slice(1).join("=");

describe("SSO link intent", () => {
  const t = Date.UTC(2026, 11, 2, 10, 0, 0);
  const ids = { sessionId: "6f1c0c4e-1f7e-4b2a-9d51-3a8c2f0e9b11", accountId: "0b7e9f2a-5c3d-4e1f-8a6b-9c2d1e0f3a4b" };

  it("reads back the session that asked, for ten minutes", () => {
    const v = value(linkIntentCookie({ ...ids, nowMs: t }));
    expect(readLinkIntent(v, t)).toEqual(ids);
    expect(readLinkIntent(v, t + 599_000)).toEqual(ids);
    expect(readLinkIntent(v, t + 600_000)).toBeNull();
  });

  it("refuses a changed session, account or expiry", () => {
    const v = value(linkIntentCookie({ ...ids, nowMs: t }));
    const [s, a, exp, mac] = v.split(".");
    expect(readLinkIntent(`${s!.replace(/^6/, "7")}.${a}.${exp}.${mac}`, t)).toBeNull();
    expect(readLinkIntent(`${s}.${a!.replace(/^0/, "1")}.${exp}.${mac}`, t)).toBeNull();
    expect(readLinkIntent(`${s}.${a}.${Number(exp) + 3600}.${mac}`, t)).toBeNull();
    expect(readLinkIntent(undefined, t)).toBeNull();
    expect(readLinkIntent("x.y", t)).toBeNull();
  });

  it("is HttpOnly, Lax (the provider's redirect back carries it) and scoped to /api/sso", () => {
    expect(linkIntentCookie({ ...ids, nowMs: t })).toMatch(/; Path=\/api\/sso; HttpOnly; SameSite=Lax; Max-Age=600/);
  });
});
