import { describe, expect, it } from "vitest";
import { advanceClock } from "@/server/lib/clock";
import { signPlayerToken, verifyPlayerToken } from "./player-token";

const session = { projectId: "3f1c2a4e-0000-4000-8000-000000000001", externalUserId: "shopper-1", subjectType: "verified" as const, origin: null, expiresAt: new Date(Date.now() + 60_000) };

describe("player tokens", () => {
  it("a token verified once is answered from the cache, and still refused once it expires", async () => {
    const { token } = await signPlayerToken(session);
    const first = await verifyPlayerToken(token);
    expect(first).toMatchObject({ projectId: session.projectId, externalUserId: "shopper-1" });
    expect(await verifyPlayerToken(token)).toBe(first);
    advanceClock(61_000);
    expect(await verifyPlayerToken(token)).toBeNull();
  });

  it("an altered token is never mistaken for a verified one", async () => {
    const { token } = await signPlayerToken({ ...session, externalUserId: "shopper-2" });
    expect(await verifyPlayerToken(token)).not.toBeNull();
    const [h, p, sig] = token.split(".");
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, "base64url").toString()), sub: "someone-else" })).toString("base64url")}.${sig}`;
    expect(await verifyPlayerToken(forged)).toBeNull();
    expect(await verifyPlayerToken(`${token}x`)).toBeNull();
  });
});
