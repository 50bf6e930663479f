<?php
// Playloop reward webhooks: a signature verifier in plain PHP 8, no dependencies.
//
// Every delivery is a POST with:
//   X-Service-Signature: t=<unix seconds>,v=<secret version>,v1=<hex HMAC-SHA256>
//   X-Legacy-Signature:  the same value
//   X-Legacy-Idempotency-Key: the claim's idempotency key (also `idempotency_key` in the body)
// The signed string is `<t>.<raw body>`, keyed by your webhook secret. During a secret rotation
// the header carries one `v1=` per secret (current first), so accept if ANY of them matches ANY
// secret you hold. Test vectors every verifier must pass: vectors.json, next to this file.
//
// A plain PHP endpoint (webhook.php):
//
//   require __DIR__ . '/verify-php.php';
//   $rawBody = file_get_contents('php://input');            // the exact bytes: verify before json_decode
//   $header = $_SERVER['HTTP_X_SERVICE_SIGNATURE'] ?? null;
//   $secrets = [getenv('WEBHOOK_SECRET')];                  // during a rotation: the new and the previous
//   if (!playloop_verify($rawBody, $header, $secrets)) {
//       http_response_code(401);
//       exit;
//   }
//   $event = json_decode($rawBody, true);
//   // Grant only when $event['event'] === 'reward.eligible' and empty($event['test']) (a test
//   // delivery and the lifecycle events grant nothing), once per $event['idempotency_key'] (a
//   // unique key in your database, written with the reward); answer 2xx for a key you already
//   // have too, or the platform keeps retrying it.
//   http_response_code(200);

declare(strict_types=1);

/**
 * True when $header (the X-Service-Signature value) signs $rawBody (the exact bytes received) with
 * one of $secrets (one secret, or a list: during a rotation hold the new and the previous one), at a
 * time within 300 seconds of $now, before or after.
 */
function playloop_verify(string $rawBody, ?string $header, array|string $secrets, ?int $now = null): bool
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
        if ($key === 't' && preg_match('/\A[0-9]+\z/', $value)) {
            $t = (int) $value;
        } elseif ($key === 'v1' && preg_match('/\A[0-9a-f]{64}\z/', $value)) {
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
}
