/**
 * The path an access-log line records: without the query string (legacy fallbacks put session
 * tokens there), and with a credential the spec puts in the path itself — the test inbox's token,
 * `POST /v1/webhooks/inbox/{token}` — replaced by its name, so that reading the logs never gives
 * what posting to the inbox needs.
 */
export function loggedPath(pathname: string): string {
  return pathname.replace(INBOX_TOKEN, "$1{token}");
}

const INBOX_TOKEN = /^(\/v1\/webhooks\/inbox\/)[^/]+/;
