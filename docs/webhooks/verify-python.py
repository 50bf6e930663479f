"""Playloop reward webhooks: a minimal receiver in Python 3 (standard library only).

    WEBHOOK_SECRET=whsec_... PORT=8080 python3 verify-python.py

Every delivery is a POST with:
  X-Service-Signature: t=<unix seconds>,v=<secret version>,v1=<hex HMAC-SHA256>
  X-Legacy-Signature:  the same value
  X-Legacy-Idempotency-Key: the claim's idempotency key (also `idempotency_key` in the body)
The signed string is `<t>.<raw body>`, keyed by your webhook secret. During a secret rotation the
header carries one `v1=` per secret (current first), so accept if ANY of them matches.
"""

import hashlib
import hmac
import json
import os
import re
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOLERANCE_SECONDS = 300
MAX_BODY_BYTES = 1024 * 1024


def verify(raw_body, header, secret, now_seconds=None):
    """True when `header` is a valid signature of `raw_body` (the exact bytes received: verify
    before parsing, never re-serialised JSON) made with `secret`, within 300 s of now."""
    if not isinstance(header, str) or not secret:
        return False
    if isinstance(raw_body, str):
        raw_body = raw_body.encode("utf-8")
    if now_seconds is None:
        now_seconds = int(time.time())
    t = None
    signatures = []
    for part in header.split(","):
        key, sep, value = part.partition("=")
        if not sep:
            continue
        key, value = key.strip(), value.strip()
        if key == "t" and re.fullmatch(r"\d+", value):
            t = int(value)
        elif key == "v1":
            signatures.append(value)
    if t is None or not signatures:
        return False
    # A captured delivery replayed later (or a clock far off) is refused.
    if abs(now_seconds - t) > TOLERANCE_SECONDS:
        return False
    expected = hmac.new(secret.encode("utf-8"), f"{t}.".encode("ascii") + raw_body, hashlib.sha256).hexdigest()
    ok = False
    for signature in signatures:
        # Constant-time comparison; never `==` on signatures.
        if hmac.compare_digest(signature.encode("utf-8"), expected.encode("ascii")):
            ok = True
    return ok


# Keys already processed. Use your database instead (a unique constraint on the key, written in
# the same transaction as the reward), so a retried delivery is never credited twice.
_processed = set()
_processed_lock = threading.Lock()


def handle_reward(event):
    print("reward", event, flush=True)


class Receiver(BaseHTTPRequestHandler):
    secret = ""

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
        if not verify(raw_body, header, self.secret):
            return self._reply(401, {"error": "invalid_signature"})
        try:
            event = json.loads(raw_body)
        except ValueError:
            return self._reply(400, {"error": "invalid_json"})
        key = event.get("idempotency_key") if isinstance(event, dict) else None
        key = key or self.headers.get("X-Legacy-Idempotency-Key")
        if not key:
            return self._reply(400, {"error": "missing_idempotency_key"})
        # Claimed before processing so a concurrent retry of the same key cannot slip in; a
        # duplicate still gets 2xx, otherwise the platform keeps retrying it.
        with _processed_lock:
            if key in _processed:
                return self._reply(200, {"status": "duplicate"})
            _processed.add(key)
        try:
            handle_reward(event)
        except Exception:
            with _processed_lock:
                _processed.discard(key)
            return self._reply(500, {"error": "not_processed"})
        return self._reply(200, {"status": "ok"})


if __name__ == "__main__":
    secret = os.environ.get("WEBHOOK_SECRET")
    if not secret:
        raise SystemExit("Set WEBHOOK_SECRET to the project's webhook secret (whsec_...)")
    Receiver.secret = secret
    port = int(os.environ.get("PORT", "8080"))
    print(f"listening on :{port}", flush=True)
    ThreadingHTTPServer(("", port), Receiver).serve_forever()
