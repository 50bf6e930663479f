import { describe, expect, it } from "vitest";
import { config, ConfigError, overrideConfig, parseConfig, resetConfig } from "./env";
import { clientAddress, parseTrustedProxies } from "./trusted-proxies";

describe("configuration", () => {
  it("has working defaults for development", () => {
    const c = parseConfig({});
    expect(c.port).toBe(3000);
    expect(c.adminSessionTtlSeconds).toBe(3600);
    expect(c.demoEndpoints).toBe(true);
    expect(c.allowSignup).toBe(true);
    expect(c.publicOrigin).toBe("http://localhost:3000");
    expect(c.trustedProxies).toEqual([]);
    expect(c.serveConsole).toBe(true);
    expect(c.webhookWakeGatherMs).toBe(200);
  });

  it("gathers delivery wake-ups for WEBHOOK_WAKE_GATHER_MS (0 fetches at once)", () => {
    expect(parseConfig({ WEBHOOK_WAKE_GATHER_MS: "0" }).webhookWakeGatherMs).toBe(0);
    expect(parseConfig({ WEBHOOK_WAKE_GATHER_MS: "50" }).webhookWakeGatherMs).toBe(50);
  });

  it("polls for due deliveries every WEBHOOK_POLL_MS (default 2 s, 100 ms to 10 min)", () => {
    expect(parseConfig({}).webhookPollMs).toBe(2000);
    expect(parseConfig({ WEBHOOK_POLL_MS: "600000" }).webhookPollMs).toBe(600_000);
    expect(() => parseConfig({ WEBHOOK_POLL_MS: "50" })).toThrow(/WEBHOOK_POLL_MS/);
  });

  it("takes single sign-on's three settings together, or none", () => {
    expect(parseConfig({}).adminSso).toBeUndefined();
    const sso = { ADMIN_SSO_ISSUER: "https://acme.example/", ADMIN_SSO_CLIENT_ID: "c", ADMIN_SSO_CLIENT_SECRET: "s" };
    expect(parseConfig(sso).adminSso).toEqual({ issuer: "https://acme.example", clientId: "c", clientSecret: "s", name: "single sign-on" });
    expect(parseConfig({ ...sso, ADMIN_SSO_NAME: " Acme Okta " }).adminSso?.name).toBe("Acme Okta");
    expect(() => parseConfig({ ADMIN_SSO_ISSUER: sso.ADMIN_SSO_ISSUER, ADMIN_SSO_CLIENT_ID: "c" })).toThrow(/ADMIN_SSO_ISSUER needs ADMIN_SSO_CLIENT_ID and ADMIN_SSO_CLIENT_SECRET/);
    expect(() => parseConfig({ ADMIN_SSO_CLIENT_SECRET: "s" })).toThrow(/ADMIN_SSO_ISSUER/);
    const prod = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "https://play.example" };
    expect(() => parseConfig({ ...prod, ...sso, ADMIN_SSO_ISSUER: "http://acme.example" })).toThrow(/ADMIN_SSO_ISSUER must be https in production/);
    expect(() => parseConfig({ ...prod, ...sso, ADMIN_SSO_ISSUER: "HTTP://acme.example" })).toThrow(/ADMIN_SSO_ISSUER must be https in production/);
    expect(parseConfig({ ...sso, ADMIN_SSO_ISSUER: "HTTPS://Acme.Example/tenant/" }).adminSso?.issuer).toBe("https://acme.example/tenant");
    expect(parseConfig({ ...prod, ...sso }).adminSso?.issuer).toBe("https://acme.example");
  });

  it("makes an API-only web instance with SERVE_CONSOLE=false", () => {
    expect(parseConfig({ SERVE_CONSOLE: "false" }).serveConsole).toBe(false);
  });

  it("turns signup and demo endpoints off by default in production and requires APP_SECRET", () => {
    expect(() => parseConfig({ NODE_ENV: "production", PUBLIC_BASE_URL: "https://play.example" })).toThrow(/APP_SECRET/);
    const c = parseConfig({ NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "https://play.example" });
    expect(c.allowSignup).toBe(false);
    expect(c.demoEndpoints).toBe(false);
  });

  it("drains a stopping web instance for SHUTDOWN_DRAIN_MS: 5 s in production, none elsewhere, 0-120 000 when given", () => {
    const prod = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "https://play.example" };
    expect(parseConfig({}).shutdownDrainMs).toBe(0);
    expect(parseConfig(prod).shutdownDrainMs).toBe(5_000);
    expect(parseConfig({ ...prod, SHUTDOWN_DRAIN_MS: "0" }).shutdownDrainMs).toBe(0);
    expect(parseConfig({ SHUTDOWN_DRAIN_MS: "1500" }).shutdownDrainMs).toBe(1_500);
    expect(() => parseConfig({ SHUTDOWN_DRAIN_MS: "-5" })).toThrow(/SHUTDOWN_DRAIN_MS/);
  });

  it("guards /metrics with METRICS_TOKEN of at least 24 characters; none without it", () => {
    expect(parseConfig({}).metricsToken).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: "" }).metricsToken).toBeUndefined();
    expect(() => parseConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN/);
    expect(parseConfig({ METRICS_TOKEN: "m".repeat(24) }).metricsToken).toBe("m".repeat(24));
  });

  it("checks every response against its schema outside production, none in production, unless RESPONSE_CHECK says", () => {
    const prod = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "https://play.example" };
    expect(parseConfig({}).responseCheck).toBe("strict");
    expect(parseConfig({ NODE_ENV: "test" }).responseCheck).toBe("strict");
    expect(parseConfig(prod).responseCheck).toBe("off");
    expect(parseConfig({ ...prod, RESPONSE_CHECK: "strict" }).responseCheck).toBe("strict");
    expect(parseConfig({ RESPONSE_CHECK: "off" }).responseCheck).toBe("off");
  });

  it("guards transactions against a second connection outside production, not in production, unless TX_GUARD says", () => {
    const prod = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "https://play.example" };
    expect(parseConfig({}).txGuard).toBe(true);
    expect(parseConfig({ NODE_ENV: "test" }).txGuard).toBe(true);
    expect(parseConfig(prod).txGuard).toBe(false);
    expect(parseConfig({ ...prod, TX_GUARD: "true" }).txGuard).toBe(true);
    expect(parseConfig({ TX_GUARD: "false" }).txGuard).toBe(false);
  });

  it("writes the public base URL's scheme in lower case, so an HTTPS:// value still marks the admin cookie Secure", () => {
    const c = parseConfig({ NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "HTTPS://Play.Example.com/" });
    expect(c.publicBaseUrl).toBe("https://Play.Example.com");
  });

  it.each([
    [{ RESPONSE_CHECK: "loose" }, "RESPONSE_CHECK"],
    [{ TRUSTED_PROXIES: "10.0.0.0/33" }, "TRUSTED_PROXIES"],
    [{ TRUSTED_PROXIES: "not-an-ip" }, "TRUSTED_PROXIES"],
    [{ TRUSTED_PROXIES: "0.0.0.0/0" }, "TRUSTED_PROXIES"],
    [{ TRUSTED_PROXIES: "::/0" }, "TRUSTED_PROXIES"],
    [{ TRUSTED_PROXIES: "::ffff:0:0/96" }, "TRUSTED_PROXIES"], // IPv4-mapped: every IPv4 address
    [{ PORT: "70000" }, "PORT"],
    [{ WEBHOOK_WAKE_GATHER_MS: "1001" }, "WEBHOOK_WAKE_GATHER_MS"],
    [{ WEBHOOK_WAKE_GATHER_MS: "-1" }, "WEBHOOK_WAKE_GATHER_MS"],
    [{ ADMIN_SESSION_TTL_SECONDS: "299" }, "ADMIN_SESSION_TTL_SECONDS"],
    [{ ADMIN_SESSION_TTL_SECONDS: "86401" }, "ADMIN_SESSION_TTL_SECONDS"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://x" }, "REDIS_URL"],
    [{ DATABASE_READ_URL: "mysql://replica" }, "DATABASE_READ_URL"],
    [{ DEMO_ENDPOINTS: "maybe" }, "DEMO_ENDPOINTS"],
    [{ SERVE_CONSOLE: "maybe" }, "SERVE_CONSOLE"],
    [{ NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "https://play.example", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" }, "WEBHOOK_ALLOW_PRIVATE_TARGETS"],
    [{ NODE_ENV: "production", APP_SECRET: "x".repeat(32) }, "PUBLIC_BASE_URL"],
  ])("refuses %o naming the variable", (env, variable) => {
    try {
      parseConfig(env as Record<string, string>);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      expect((e as ConfigError).variable).toBe(variable);
    }
  });

  it("accepts session lifetimes at both bounds", () => {
    expect(parseConfig({ ADMIN_SESSION_TTL_SECONDS: "300" }).adminSessionTtlSeconds).toBe(300);
    expect(parseConfig({ ADMIN_SESSION_TTL_SECONDS: "86400" }).adminSessionTtlSeconds).toBe(86400);
  });
});

describe("a test's configuration override", () => {
  it("is undone by resetConfig in the same object, so every holder of it sees the environment's values again", () => {
    const held = config();
    const before = { databaseUrl: held.databaseUrl, metricsToken: held.metricsToken };
    overrideConfig({ databaseUrl: "postgresql://elsewhere/scratch", metricsToken: "a-token-of-a-test-file-0123456789" });
    expect(config().databaseUrl).toBe("postgresql://elsewhere/scratch");
    resetConfig();
    expect(config()).toBe(held);
    expect({ databaseUrl: held.databaseUrl, metricsToken: held.metricsToken }).toEqual(before);
  });
});

describe("trusted proxies", () => {
  const proxies = parseTrustedProxies("10.0.0.0/8, 192.168.1.5, ::1");

  it("ignores forwarding headers when the list is empty", () => {
    expect(clientAddress("10.1.2.3", "1.2.3.4", [])).toBe("10.1.2.3");
  });

  it("ignores forwarding headers from an untrusted peer", () => {
    expect(clientAddress("8.8.8.8", "1.2.3.4", proxies)).toBe("8.8.8.8");
  });

  it("takes the first untrusted hop from the right behind trusted proxies", () => {
    expect(clientAddress("10.1.2.3", "6.6.6.6, 1.2.3.4, 10.9.9.9", proxies)).toBe("1.2.3.4");
    expect(clientAddress("::ffff:192.168.1.5", "5.5.5.5", proxies)).toBe("5.5.5.5");
    expect(clientAddress("::1", "2001:db8::1", proxies)).toBe("2001:db8::1");
  });

  it("parses hops written with ports (IPv4 host:port, bracketed IPv6 with or without a port)", () => {
    expect(clientAddress("10.1.2.3", "203.0.113.5:4711", proxies)).toBe("203.0.113.5");
    expect(clientAddress("10.1.2.3", "[2001:db8::1]:443", proxies)).toBe("2001:db8::1");
    expect(clientAddress("10.1.2.3", "[2001:db8::7]", proxies)).toBe("2001:db8::7");
    expect(clientAddress("10.1.2.3", "203.0.113.9:1, 10.9.9.9:8080", proxies)).toBe("203.0.113.9");
    // Two clients behind the same proxy keep two buckets.
    expect(clientAddress("10.1.2.3", "198.51.100.1:5000", proxies)).not.toBe(clientAddress("10.1.2.3", "198.51.100.2:5000", proxies));
  });

  it("explains why PUBLIC_BASE_URL is required in production", () => {
    expect(() => parseConfig({ NODE_ENV: "production", APP_SECRET: "x".repeat(32) })).toThrow(/PUBLIC_BASE_URL is required in production: admin cookies/);
  });

  it("falls back to the peer on a garbled header", () => {
    expect(clientAddress("10.1.2.3", "garbage", proxies)).toBe("10.1.2.3");
  });
});
