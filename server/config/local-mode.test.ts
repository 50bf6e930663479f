import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./env";
import { isLoopbackHost, localModeProblem, localModeRefusal } from "./local-mode";

const embedded = { port: 54329, user: "postgres", database: "playloop" };
const EMBEDDED_URL = "postgresql://postgres:playloop-local@127.0.0.1:54329/playloop";

describe("local mode", () => {
  it("is on for npm start only when the operator set nothing a deployment sets", () => {
    expect(localModeRefusal({})).toBeNull();
    expect(localModeRefusal({ HOST: "127.0.0.1", PORT: "3000" })).toBeNull();
    expect(localModeRefusal({ HOST: "::1" })).toBeNull();
  });

  it("is turned off by any single deployment signal", () => {
    const signals: Record<string, string> = {
      DATABASE_URL: "postgresql://app@db.internal/playloop",
      REDIS_URL: "redis://cache.internal:6379",
      NODE_ENV: "production",
      PUBLIC_BASE_URL: "https://play.example.com",
      HOST: "0.0.0.0",
      TRUSTED_PROXIES: "10.0.0.1",
    };
    for (const [name, value] of Object.entries(signals)) {
      expect({ name, refused: localModeRefusal({ [name]: value }) !== null }).toEqual({ name, refused: true });
    }
    expect(localModeRefusal({ NODE_ENV: "development" })).toMatch(/NODE_ENV/);
  });

  it("is refused by a process that was not given the embedded default, whatever set PLAYLOOP_LOCAL_MODE", () => {
    const ok = { HOST: "127.0.0.1", DATABASE_URL: EMBEDDED_URL, PUBLIC_BASE_URL: "http://localhost:3000" };
    expect(localModeProblem(ok, embedded)).toBeNull();
    const bad: Array<Record<string, string | undefined>> = [
      { ...ok, REDIS_URL: "redis://127.0.0.1:6379" },
      { ...ok, TRUSTED_PROXIES: "127.0.0.1" },
      { ...ok, HOST: "0.0.0.0" },
      { ...ok, HOST: undefined },
      { ...ok, DATABASE_URL: "postgresql://postgres@127.0.0.1:5432/postgres" },
      { ...ok, DATABASE_URL: "postgresql://postgres:x@db.example:54329/playloop" },
      { ...ok, PUBLIC_BASE_URL: "https://play.example.com" },
    ];
    for (const env of bad) expect(localModeProblem(env, embedded), JSON.stringify(env)).not.toBeNull();
  });

  it("stops a process at start-up when its environment is not the embedded default's, and takes localhost and 127.0.0.1 alike when it is", () => {
    const base = { NODE_ENV: "production", APP_SECRET: "x".repeat(32), PUBLIC_BASE_URL: "http://localhost:3000", HOST: "127.0.0.1", DATABASE_URL: EMBEDDED_URL, PLAYLOOP_LOCAL_MODE: "1" };
    const c = parseConfig(base);
    expect(c.localMode).toBe(true);
    expect(c.adminOrigins).toEqual(expect.arrayContaining(["http://localhost:3000", "http://127.0.0.1:3000"]));
    expect(() => parseConfig({ ...base, HOST: "0.0.0.0" })).toThrow(ConfigError);
    expect(() => parseConfig({ ...base, REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(/PLAYLOOP_LOCAL_MODE/);
    const deployment = parseConfig({ ...base, PLAYLOOP_LOCAL_MODE: undefined });
    expect(deployment.localMode).toBe(false);
    expect(deployment.adminOrigins).toEqual(["http://localhost:3000"]);
  });

  it("knows loopback hosts", () => {
    for (const h of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "LOCALHOST"]) expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["0.0.0.0", "::", "10.0.0.1", "example.com", "localhost.example.com"]) expect(isLoopbackHost(h), h).toBe(false);
  });
});
