/**
 * Path segments that name a person: the player's id after `/players/` — in the admin API
 * (`/v1/admin/projects/{project_id}/players/{external_user_id}/…`, the economy's
 * `…/economy/players/{external_user_id}`) and the console's pages
 * (`/projects/{project_id}/players/{external_user_id}`). Sites often use an e-mail address as the
 * id, and the log must not keep what an erasure removes (the erasure's own request included).
 */
const PERSONAL_SEGMENTS = /\/players\/[^/]+/g;

/**
 * The path an access-log line records: without the query string (legacy fallbacks put session
 * tokens there), with every path parameter a route declares secret (`secretParams`: the test
 * inbox's token, `POST /v1/webhooks/inbox/{token}`, which the spec puts in the path) written as its
 * name, so that reading the logs never gives what calling the route needs, and with a player's id
 * written as `{external_user_id}` (PERSONAL_SEGMENTS).
 */
export function createLoggedPath(routes: ReadonlyArray<{ path: string; secretParams?: readonly string[] }>): (pathname: string) => string {
  const rules = routes
    .filter((r) => r.secretParams?.length)
    .map((r) => {
      const names: string[] = [];
      const source = r.path.replace(/\{([a-z_]+)\}|[.*+?^$()|[\]\\]/g, (m, name: string | undefined) => {
        if (!name) return `\\${m}`;
        names.push(name);
        return "([^/]+)";
      });
      return { template: r.path, regex: new RegExp(`^${source}(?=/|$)`), names, secret: new Set(r.secretParams) };
    });
  const secretFree = (pathname: string) => {
    for (const rule of rules) {
      const m = rule.regex.exec(pathname);
      if (!m) continue;
      const head = rule.names.reduce((text, name, i) => text.replace(`{${name}}`, rule.secret.has(name) ? `{${name}}` : m[i + 1]!), rule.template);
      return head + pathname.slice(m[0].length);
    }
    return pathname;
  };
  return (pathname) => secretFree(pathname).replace(PERSONAL_SEGMENTS, "/players/{external_user_id}");
}
