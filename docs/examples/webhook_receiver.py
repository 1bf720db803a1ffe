"""A receiver of Foxden's webhooks: checks each delivery's signature, then handles it once.

Standard library plus the Standard Webhooks library (``pip install standardwebhooks``):

    FOXDEN_WEBHOOK_SECRET=whsec_... python3 webhook_receiver.py 8080

Three rules make a receiver right:

1. **Verify the raw body**, byte for byte as it arrived, with the three headers
   (``webhook-id``, ``webhook-timestamp``, ``webhook-signature``). Never parse and re-serialise
   the JSON first: the signature is over the exact bytes. ``Webhook.verify`` also refuses a
   timestamp more than 5 minutes away (a replayed request).
2. **Answer 2xx fast** (Foxden waits 10 s), and do slow work afterwards. Any other answer is
   retried (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h later), except a 4xx other than 408
   and 429, which is never retried.
3. **Deduplicate on ``webhook-id``**: a retry or a redelivery sends the same message again.

During a secret rotation (``POST /v1/webhooks/{id}/rotate``) Foxden signs with the new and the
previous secret for 24 hours; set the new one here whenever you like within that time.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from standardwebhooks import Webhook, WebhookVerificationError

Handler = Callable[[dict[str, Any]], None]


def verify(secret: str, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
    """The delivery's payload if its signature is ours; ``WebhookVerificationError`` if not."""
    return Webhook(secret).verify(body, headers)


def make_server(
    secret: str, port: int, handle: Handler, host: str = "127.0.0.1"
) -> ThreadingHTTPServer:
    """An HTTP server that verifies every POST and gives each new message to ``handle``."""
    seen: set[str] = set()

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("content-length", 0)))
            headers = {name.lower(): value for name, value in self.headers.items()}
            try:
                payload = verify(secret, body, headers)
            except WebhookVerificationError:
                self.send_response(400)  # not from Foxden (or replayed): never retried
                self.end_headers()
                return
            message = headers["webhook-id"]
            if message not in seen:  # a retry of one already handled: answer 2xx again
                seen.add(message)
                handle(payload)
            self.send_response(204)
            self.end_headers()

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return ThreadingHTTPServer((host, port), Receiver)


def show(payload: dict[str, Any]) -> None:
    """An example handler: one line per event."""
    print(payload["type"], json.dumps(payload["data"]), flush=True)


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8080
    server = make_server(os.environ["FOXDEN_WEBHOOK_SECRET"], port, show)
    print(f"listening on http://127.0.0.1:{port}/", flush=True)
    server.serve_forever()
