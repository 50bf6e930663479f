import { generate } from "otplib";
import { ownAddress } from "./address";

export type TJson = (method: string, path: string, token: string | null, data?: unknown) => Promise<any>;

/**
 * What an integrator's script does once, through the public API: an admin account with verified
 * two-factor. Calls are plain fetches from the API's own origin (no browser cookies travel with
 * the bearer token); a non-2xx answer throws with its body.
 */
export async function integratorAdmin(base: string, prefix: string): Promise<{ token: string; json: TJson }> {
  // The integrator's own machine: its sign-up counts against its address, not the suite's.
  const address = ownAddress();
  const json: TJson = async (method, path, token, data) => {
    const res = await fetch(base + path, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json", origin: base, "x-forwarded-for": address },
      body: data === undefined ? undefined : JSON.stringify(data),
    });
    const body = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`${method} ${path} ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`;
  const password = "correct horse battery staple";
  await json("POST", "/v1/admin/auth/signup", null, { email, password });
  const { token } = await json("POST", "/v1/admin/auth/login", null, { email, password });
  const { secret: totpSecret } = await json("POST", "/v1/admin/two-factor/enroll", token);
  await json("POST", "/v1/admin/two-factor/confirm", token, { code: await generate({ secret: totpSecret }) });
  return { token, json };
}
