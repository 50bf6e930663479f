import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT } from "jose";

/**
 * A small OpenID Connect provider for tests: discovery, JWKS, an authorization endpoint that signs
 * in whoever `signInAs` named (no page), or shows a sign-in page asking who (for a browser: the
 * e2e server runs one), and a token endpoint that checks the client's secret, the code's redirect
 * URI and its PKCE verifier, and answers an RS256 ID token with the request's nonce.
 */
export type TFakeOidc = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the authorization endpoint signs in from now on, without a page. */
  signInAs(user: { sub: string; email?: string; emailVerified?: boolean }): void;
  /** The ID token's signing key is replaced by another (the next token's signature no longer matches the published JWKS). */
  forgeNextToken(): void;
  close(): Promise<void>;
};

type TUser = { sub: string; email?: string; emailVerified?: boolean };

function escapeHtml(v: string): string {
  return v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startFakeOidc(opts: { port?: number; clientSecret?: string } = {}): Promise<TFakeOidc> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const clientId = "playloop-console";
  const clientSecret = opts.clientSecret ?? randomBytes(16).toString("hex");
  let user: TUser | null = null;
  let forge = false;
  const codes = new Map<string, { nonce?: string; challenge?: string; redirectUri: string; user: TUser }>();
  let issuer = "";

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === "/.well-known/openid-configuration") {
      return json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        token_endpoint_auth_methods_supported: ["client_secret_basic", "client_secret_post"],
        code_challenge_methods_supported: ["S256"],
      });
    }
    if (url.pathname === "/jwks") return json(200, { keys: [jwk] });
    if (url.pathname === "/authorize") {
      const p = url.searchParams;
      if (p.get("client_id") !== clientId || p.get("response_type") !== "code") return json(400, { error: "invalid_request" });
      const who = user ?? (p.get("as_sub") ? { sub: p.get("as_sub")!, email: p.get("as_email") || undefined } : null);
      if (!who) {
        // The provider's sign-in page: who signs in (the request's parameters ride along).
        const hidden = [...p].map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`).join("");
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(
          `<!doctype html><title>Example SSO</title><form method="get" action="/authorize">${hidden}<h1>Example SSO</h1>` +
            `<label>User id <input name="as_sub" required></label> <label>Email <input name="as_email" type="email"></label> <button>Sign in</button></form>`,
        );
      }
      const code = randomBytes(12).toString("hex");
      codes.set(code, { nonce: p.get("nonce") ?? undefined, challenge: p.get("code_challenge") ?? undefined, redirectUri: p.get("redirect_uri")!, user: who });
      const back = new URL(p.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", p.get("state") ?? "");
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname === "/token" && req.method === "POST") {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", async () => {
        const form = new URLSearchParams(raw);
        const basic = req.headers.authorization?.startsWith("Basic ") ? Buffer.from(req.headers.authorization.slice(6), "base64").toString() : null;
        const [id, secret] = basic ? basic.split(":").map(decodeURIComponent) : [form.get("client_id"), form.get("client_secret")];
        if (id !== clientId || secret !== clientSecret) return json(401, { error: "invalid_client" });
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (!grant || grant.redirectUri !== form.get("redirect_uri")) return json(400, { error: "invalid_grant" });
        const verifier = form.get("code_verifier") ?? "";
        if (grant.challenge && createHash("sha256").update(verifier).digest("base64url") !== grant.challenge) return json(400, { error: "invalid_grant" });
        const claims: Record<string, unknown> = { nonce: grant.nonce };
        if (grant.user.email) Object.assign(claims, { email: grant.user.email, email_verified: grant.user.emailVerified ?? true });
        const key = forge ? (await generateKeyPair("RS256")).privateKey : privateKey;
        forge = false;
        const idToken = await new SignJWT(claims)
          .setProtectedHeader({ alg: "RS256", kid: "k1" })
          .setIssuer(issuer)
          .setSubject(grant.user.sub)
          .setAudience(clientId)
          .setIssuedAt()
          .setExpirationTime("5m")
          .sign(key);
        json(200, { access_token: randomBytes(16).toString("hex"), token_type: "Bearer", expires_in: 300, id_token: idToken });
      });
      return;
    }
    json(404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, "127.0.0.1", resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (u) => void (user = u),
    forgeNextToken: () => void (forge = true),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies for one site, as far as these tests need: name → value, deletions applied. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const gone = value === "" || attrs.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (gone) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  has(name: string): boolean {
    return this.cookies.has(name);
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
}

/**
 * A console sign-in through the provider as a browser makes it: next-auth's CSRF token, the
 * sign-in POST, the provider's redirect back, next-auth's callback, then the hand-off. Answers
 * where the hand-off sent the browser, and the jar (the admin cookie, when a session was opened).
 */
export async function ssoSignIn(baseUrl: string, jar = new CookieJar(), opts: { ip?: string } = {}): Promise<{ location: string; jar: CookieJar; callbackStatus: number; handoff?: string }> {
  const ipHeader: Record<string, string> = opts.ip ? { "x-forwarded-for": opts.ip } : {};
  const step = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: "manual", headers: { ...ipHeader, cookie: jar.header(), ...(init.headers as Record<string, string>) } });
    jar.take(res.headers);
    return res;
  };
  const csrf = (await (await step(`${baseUrl}/api/auth/csrf`)).json()) as { csrfToken: string };
  const signin = await step(`${baseUrl}/api/auth/signin/oidc`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: `${baseUrl}/`, json: "true" }).toString(),
  });
  const { url: authorizeUrl } = (await signin.json()) as { url: string };
  const atProvider = await fetch(authorizeUrl, { redirect: "manual" });
  const callback = await step(atProvider.headers.get("location")!);
  if (callback.status !== 302) return { location: callback.headers.get("location") ?? "", jar, callbackStatus: callback.status };
  const handoff = jar.get("next-auth.session-token");
  const complete = await step(new URL(callback.headers.get("location")!, baseUrl).toString());
  return { location: complete.headers.get("location") ?? "", jar, callbackStatus: callback.status, handoff };
}
