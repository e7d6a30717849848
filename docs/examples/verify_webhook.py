#!/usr/bin/env python3
"""Checks an evfleet webhook delivery's signature (docs/integrations.md, "Checking the signature").

Python 3, standard library only. Use `verify` in a receiver, or run it on a saved delivery:

    python3 verify_webhook.py SECRET 'EVFLEET-SIGNATURE HEADER' [BODY-FILE]   (the body from stdin without one)

It prints "valid" and exits 0, or prints "invalid" and exits 1.
"""
import hashlib
import hmac
import re
import sys
import time

# A delivery signed longer ago than this (or this far ahead of our clock) is refused: a replay.
TOLERANCE_SECONDS = 5 * 60
SIGNATURE = re.compile(r"t=(\d+),v1=([0-9a-f]{64})")


def verify(secret, header, raw_body):
    """Whether `header` (the evfleet-signature header, `t=<Unix seconds>,v1=<hex>`) signs `raw_body`
    (the request's body as bytes, exactly as received, before any JSON parsing) with `secret`,
    within the last 5 minutes."""
    match = SIGNATURE.fullmatch(header or "")
    if not match:
        return False
    sent_at, signature = match.groups()
    if abs(time.time() - int(sent_at)) > TOLERANCE_SECONDS:
        return False
    signed = sent_at.encode() + b"." + raw_body
    expected = hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, signature)


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        print("usage: python3 verify_webhook.py SECRET 'EVFLEET-SIGNATURE HEADER' [BODY-FILE]", file=sys.stderr)
        sys.exit(2)
    if len(sys.argv) == 4:
        with open(sys.argv[3], "rb") as body_file:
            body = body_file.read()
    else:
        body = sys.stdin.buffer.read()
    valid = verify(sys.argv[1], sys.argv[2], body)
    print("valid" if valid else "invalid")
    sys.exit(0 if valid else 1)
