"""Playloop reward webhooks: a minimal receiver in Python 3 (standard library only).

    WEBHOOK_SECRET=whsec_... PORT=8080 python3 verify-python.py
    WEBHOOK_SECRET=whsec_new...,whsec_previous... (during a rotation: both, comma-separated)

Every delivery is a POST with:
  X-Service-Signature: t=<unix seconds>,v=<secret version>,v1=<hex HMAC-SHA256>
  X-Legacy-Signature:  the same value
  X-Legacy-Idempotency-Key: the claim's idempotency key (also `idempotency_key` in the body)
The signed string is `<t>.<raw body>`, keyed by your webhook secret. During a secret rotation the
header carries one `v1=` per secret (current first), so accept if ANY of them matches ANY secret
you hold. Test vectors every verifier must pass: vectors.json, next to this file.
"""

import hashlib
import hmac
import json
import os
import re
import threading
import uuid
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MAX_BODY_BYTES = 1024 * 1024


def verify(raw_body, header, secrets, now_seconds=None):
    """True when `header` (the X-Service-Signature value) signs `raw_body` (the exact bytes received:
    verify before parsing, never re-serialised JSON) with one of `secrets` (one secret, or a list:
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
            # Constant-time, and every pair is compared (no early exit); never `==` on signatures.
            ok = hmac.compare_digest(signature, expected) or ok
    return ok


# Keys already processed, with the grant id each was answered with. Use your database instead (a
# unique constraint on the key, written in the same transaction as the reward), so a retried
# delivery is never credited twice.
_processed = {}
_processed_lock = threading.Lock()


def handle_reward(event):
    print("reward", event, flush=True)


class Receiver(BaseHTTPRequestHandler):
    secrets = []

    def _reply(self, status, body):
        data = json.dumps(body).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY_BYTES:
            return self._reply(413, {"error": "too_large"})
        raw_body = self.rfile.read(length)
        header = self.headers.get("X-Service-Signature") or self.headers.get("X-Legacy-Signature")
        if not verify(raw_body, header, self.secrets):
            return self._reply(401, {"error": "invalid_signature"})
        try:
            event = json.loads(raw_body)
        except ValueError:
            return self._reply(400, {"error": "invalid_json"})
        # Everything from the signed body, never from the unsigned headers that repeat it.
        key = event.get("idempotency_key") if isinstance(event, dict) else None
        if not isinstance(key, str) or not key:
            return self._reply(400, {"error": "missing_idempotency_key"})
        # Claimed before processing so a concurrent retry of the same key cannot slip in; a
        # duplicate still gets 2xx with the grant it got, otherwise the platform keeps retrying it.
        with _processed_lock:
            if key in _processed:
                return self._reply(200, {"grant_id": _processed[key], "duplicate": True})
            grant_id = f"grant_{uuid.uuid4()}"
            _processed[key] = grant_id
        # Only a reward grants. A test ("test": true: the console's test, the receiver check) and
        # the lifecycle events (reward.held, reward.released, reward.rejected) grant nothing.
        if event.get("event") == "reward.eligible" and event.get("test") is not True:
            try:
                handle_reward(event)
            except Exception:
                with _processed_lock:
                    _processed.pop(key, None)
                return self._reply(500, {"error": "not_processed"})
        return self._reply(200, {"grant_id": grant_id, "duplicate": False})


if __name__ == "__main__":
    secrets = [s.strip() for s in os.environ.get("WEBHOOK_SECRET", "").split(",") if s.strip()]
    if not secrets:
        raise SystemExit("Set WEBHOOK_SECRET to the project's webhook secret (whsec_...)")
    Receiver.secrets = secrets
    port = int(os.environ.get("PORT", "8080"))
    server = ThreadingHTTPServer(("", port), Receiver)  # bound here: say "listening" only once it is
    print(f"listening on :{port}", flush=True)
    server.serve_forever()
