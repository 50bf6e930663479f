/**
 * Local mode: the embedded default, someone trying Playloop on their own machine. Only there may
 * reward webhooks go to a receiver on this machine (a sample shop, the integrator's dev server).
 * Nothing a deployment sets can reach it: `npm start` turns it on only when it starts the embedded
 * PostgreSQL itself and the operator set none of the things a deployment sets (localModeRefusal);
 * the web and worker processes check the same again from what they were given (localModeProblem)
 * and refuse to start when it does not hold. Pure functions over environment values.
 */

export type TEnv = Record<string, string | undefined>;

const LOOPBACK_HOSTS = new Set(["127.0.0.1", "::1", "localhost"]);

export function isLoopbackHost(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return LOOPBACK_HOSTS.has(h) || /^127(\.\d{1,3}){3}$/.test(h);
}

const set = (v: string | undefined) => v !== undefined && v.trim() !== "";

/**
 * For `npm start`, from the operator's own environment: null when local mode may be on, else the
 * deployment signal that turns it off.
 */
export function localModeRefusal(env: TEnv): string | null {
  if (set(env.DATABASE_URL)) return "DATABASE_URL is set (not the embedded PostgreSQL)";
  if (set(env.REDIS_URL)) return "REDIS_URL is set";
  if (set(env.NODE_ENV)) return "NODE_ENV is set";
  if (set(env.PUBLIC_BASE_URL)) return "PUBLIC_BASE_URL is set";
  if (set(env.HOST) && !isLoopbackHost(env.HOST!)) return `HOST ${env.HOST} is not a loopback address`;
  if (set(env.TRUSTED_PROXIES)) return "TRUSTED_PROXIES is set";
  return null;
}

/**
 * For a process started in local mode (`PLAYLOOP_LOCAL_MODE=1`, which only `npm start` sets): what
 * it was given must still be the embedded default's — else the problem, and it must not start.
 */
export function localModeProblem(env: TEnv, embedded: { port: number; user: string; database: string }): string | null {
  if (set(env.REDIS_URL)) return "REDIS_URL is set";
  if (set(env.TRUSTED_PROXIES)) return "TRUSTED_PROXIES is set";
  if (!set(env.HOST) || !isLoopbackHost(env.HOST!)) return "HOST is not a loopback address";
  if (set(env.DATABASE_URL)) {
    let u: URL;
    try {
      u = new URL(env.DATABASE_URL!);
    } catch {
      return "DATABASE_URL is not the embedded PostgreSQL";
    }
    const embeddedDb = u.hostname === "127.0.0.1" && Number(u.port) === embedded.port && u.username === embedded.user && u.pathname === `/${embedded.database}`;
    if (!embeddedDb) return "DATABASE_URL is not the embedded PostgreSQL";
  }
  if (set(env.PUBLIC_BASE_URL)) {
    let u: URL;
    try {
      u = new URL(env.PUBLIC_BASE_URL!);
    } catch {
      return "PUBLIC_BASE_URL is not on this machine";
    }
    if (u.protocol !== "http:" || !isLoopbackHost(u.hostname)) return "PUBLIC_BASE_URL is not on this machine";
  }
  return null;
}
