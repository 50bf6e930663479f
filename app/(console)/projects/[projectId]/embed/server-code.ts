/**
 * The server code the Embed page shows, with the project's real address and id filled in and
 * secrets left to the environment (never shown here). Pure, so a test runs each session-token
 * snippet against the service and checks that the verifiers are the ones held to the test vectors
 * (tests/integration/embed-server-code.test.ts).
 */
export const SERVER_LANGS = ["node", "python", "php", "curl"] as const;
export type TServerLang = (typeof SERVER_LANGS)[number];
export const LANG_LABELS: Record<TServerLang, string> = { node: "Node (SDK)", python: "Python", php: "PHP", curl: "curl" };

export type TServerCode = { session: string; webhook: string };

/** docs/webhooks/verify-python.py's verify, verbatim (the test compares: that one is held to the vectors). */
export const PYTHON_VERIFY = `def verify(raw_body, header, secrets, now_seconds=None):
    """True when \`header\` (the X-Service-Signature value) signs \`raw_body\` (the exact bytes received:
    verify before parsing, never re-serialised JSON) with one of \`secrets\` (one secret, or a list:
    during a rotation hold the new and the previous one), within 300 s of now, before or after."""
    if isinstance(secrets, str):
        secrets = [secrets]
    keys = [s for s in secrets or [] if isinstance(s, str) and s]
    if not isinstance(header, str) or not keys:
        return False
    if isinstance(raw_body, str):
        raw_body = raw_body.encode("utf-8")
    now = int(time.time()) if now_seconds is None else now_seconds
    t = None
    signatures = []
    for part in header.split(","):
        key, _, value = part.partition("=")
        key, value = key.strip(), value.strip()
        if key == "t" and re.fullmatch(r"[0-9]+", value):
            t = int(value)
        # Anything but 64 lowercase hex digits is not a signature: it never matches.
        elif key == "v1" and re.fullmatch(r"[0-9a-f]{64}", value):
            signatures.append(value)
    # A captured delivery replayed later (or a clock far off, either way) is refused.
    if t is None or not signatures or abs(now - t) > 300:
        return False
    ok = False
    for secret in keys:
        expected = hmac.new(secret.encode("utf-8"), f"{t}.".encode("ascii") + raw_body, hashlib.sha256).hexdigest()
        for signature in signatures:
            # Constant-time, and every pair is compared (no early exit); never \`==\` on signatures.
            ok = hmac.compare_digest(signature, expected) or ok
    return ok`;

/** docs/webhooks/verify-php.php's playloop_verify, verbatim (the test compares). */
export const PHP_VERIFY = `function playloop_verify(string $rawBody, ?string $header, array|string $secrets, ?int $now = null): bool
{
    $keys = array_filter(is_array($secrets) ? $secrets : [$secrets], fn ($s) => is_string($s) && $s !== '');
    if ($header === null || $keys === []) {
        return false;
    }
    $now ??= time();
    $t = null;
    $signatures = [];
    foreach (explode(',', $header) as $part) {
        [$key, $value] = array_map('trim', explode('=', $part, 2)) + [1 => ''];
        if ($key === 't' && preg_match('/\\A[0-9]+\\z/', $value)) {
            $t = (int) $value;
        } elseif ($key === 'v1' && preg_match('/\\A[0-9a-f]{64}\\z/', $value)) {
            $signatures[] = $value; // anything but 64 lowercase hex digits never matches
        }
    }
    // A captured delivery replayed later (or a clock far off, either way) is refused.
    if ($t === null || $signatures === [] || abs($now - $t) > 300) {
        return false;
    }
    $ok = false;
    foreach ($keys as $secret) {
        $expected = hash_hmac('sha256', $t . '.' . $rawBody, $secret);
        foreach ($signatures as $signature) {
            $ok = hash_equals($expected, $signature) || $ok; // constant-time, no early exit
        }
    }
    return $ok;
}`;

export function serverCode(opts: { baseUrl: string; projectId: string }): Record<TServerLang, TServerCode> {
  const { baseUrl, projectId } = opts;
  return {
    node: {
      session: `// The SDK is not on npm yet: npm pack -w @playloop/node in Playloop's repository, then
// npm install ./playloop-node-0.1.0.tgz   (PLAYLOOP_API_KEY: an API key with "Issue player sessions")
import { Playloop } from "@playloop/node";

const playloop = new Playloop({ apiKey: process.env.PLAYLOOP_API_KEY, baseUrl: "${baseUrl}", projectId: "${projectId}" });

// In the route that renders a page for a signed-in shopper: your own user id, never an e-mail.
const { session_token } = await playloop.issueSessionToken({ external_user_id: "user-42" });
// Hand it to the page: window.Playloop.setSessionToken(session_token)`,
      webhook: `// PLAYLOOP_WEBHOOK_SECRET: Webhooks → Reveal secret (during a rotation pass [new, previous])
import { createServer } from "node:http";
import { verifyWebhook } from "@playloop/node";

createServer(async (req, res) => {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  let event;
  try {
    event = verifyWebhook(Buffer.concat(chunks), req.headers, process.env.PLAYLOOP_WEBHOOK_SECRET);
  } catch {
    return res.writeHead(401).end(); // tampered, stale or not ours
  }
  // Grant once per event.idempotency_key (a unique row, in the grant's transaction); never for a test.
  const grantId = event.test ? "test" : await grantOnce(event.idempotency_key, event);
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ grant_id: grantId }));
}).listen(4242);`,
    },
    python: {
      session: `# PLAYLOOP_API_KEY: an API key with "Issue player sessions"
import json, os, urllib.request

request = urllib.request.Request(
    "${baseUrl}/v1/server/session-token",
    method="POST",
    headers={"Authorization": "Bearer " + os.environ["PLAYLOOP_API_KEY"], "Content-Type": "application/json"},
    data=json.dumps({"project_id": "${projectId}", "external_user_id": "user-42"}).encode(),
)
session_token = json.load(urllib.request.urlopen(request))["session_token"]`,
      webhook: `# PLAYLOOP_WEBHOOK_SECRET: Webhooks → Reveal secret
import hashlib, hmac, os, re, time

${PYTHON_VERIFY}

# In your handler: the raw body bytes, before any JSON parsing.
# if not verify(raw_body, headers["X-Service-Signature"], os.environ["PLAYLOOP_WEBHOOK_SECRET"]): answer 401
# else grant once per idempotency_key and answer 200 with {"grant_id": ...}`,
    },
    php: {
      session: `<?php // PLAYLOOP_API_KEY: an API key with "Issue player sessions"
$context = stream_context_create(['http' => [
    'method' => 'POST',
    'header' => "Authorization: Bearer " . getenv('PLAYLOOP_API_KEY') . "\\r\\nContent-Type: application/json\\r\\n",
    'content' => json_encode(['project_id' => '${projectId}', 'external_user_id' => 'user-42']),
]]);
$sessionToken = json_decode(file_get_contents('${baseUrl}/v1/server/session-token', false, $context), true)['session_token'];`,
      webhook: `<?php // PLAYLOOP_WEBHOOK_SECRET: Webhooks → Reveal secret
${PHP_VERIFY}

$rawBody = file_get_contents('php://input');
if (!playloop_verify($rawBody, $_SERVER['HTTP_X_SERVICE_SIGNATURE'] ?? null, getenv('PLAYLOOP_WEBHOOK_SECRET'))) {
    http_response_code(401);
    exit;
}
$event = json_decode($rawBody, true);
// Grant once per $event['idempotency_key'], never for a test ($event['test'] ?? false), then:
header('Content-Type: application/json');
echo json_encode(['grant_id' => 'your-grant-id']);`,
    },
    curl: {
      session: `curl -X POST "${baseUrl}/v1/server/session-token" \\
  -H "Authorization: Bearer $PLAYLOOP_API_KEY" -H 'Content-Type: application/json' \\
  -d '{"project_id":"${projectId}","external_user_id":"user-42"}'`,
      webhook: `# Check your receiver from CI (an API key with "Check the webhook receiver"):
curl -X POST "${baseUrl}/v1/server/webhooks/receiver-check" \\
  -H "Authorization: Bearer $PLAYLOOP_API_KEY" -H 'Content-Type: application/json' \\
  -d '{"project_id":"${projectId}","url":"https://shop.example/webhooks/playloop"}'`,
    },
  };
}
