/**
 * What `npm start` says when it cannot use the database it was given: one line a newcomer can act
 * on, for the failures a first start meets (a database not created yet, nothing listening, a wrong
 * password, a misspelt host), instead of a driver's stack trace. The URL is shown without its
 * credentials. Pure; null for any other failure (the caller prints it whole).
 */
export function databaseStartHint(e: unknown, databaseUrl: string): string | null {
  const err = e as { code?: unknown; message?: unknown } | null;
  const code = typeof err?.code === "string" ? err.code : "";
  const where = describeUrl(databaseUrl);
  const unset = "or unset DATABASE_URL to let npm start run its own embedded PostgreSQL";
  switch (code) {
    case "3D000":
      return `PostgreSQL at ${where.server} has no database "${where.database}": create it (createdb -h ${where.host} -p ${where.port} ${where.database}) ${unset}`;
    case "ECONNREFUSED":
      return `nothing answers at ${where.server} (DATABASE_URL): start PostgreSQL there, correct the URL, ${unset}`;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return `the host "${where.host}" of DATABASE_URL is not known on this machine: correct the URL, ${unset}`;
    case "28P01":
    case "28000": {
      // the server's own words say which (a password, a role, pg_hba.conf, SSL); they hold no secret
      const said = typeof err?.message === "string" && err.message ? ` (PostgreSQL says: ${err.message})` : "";
      return `PostgreSQL at ${where.server} refused the user "${where.user}" of DATABASE_URL${said}: correct the URL or the server's access rules, ${unset}`;
    }
    default:
      return null;
  }
}

function describeUrl(url: string) {
  try {
    const u = new URL(url);
    const host = u.hostname.replace(/^\[(.*)\]$/, "$1") || "localhost"; // an IPv6 address without its URL brackets
    const port = u.port || "5432";
    return { host, port, server: `${host}:${port}`, database: decodeURIComponent(u.pathname.replace(/^\//, "")) || decodeURIComponent(u.username) || "postgres", user: decodeURIComponent(u.username) || "postgres" };
  } catch {
    return { host: "?", port: "?", server: "the server of DATABASE_URL", database: "?", user: "?" };
  }
}
