// Checks an evfleet webhook delivery's signature (docs/integrations.md, "Checking the signature").
// Node only, no dependencies. Use `verify` in a receiver, or run it on a saved delivery:
//
//   node verify-webhook.mjs SECRET 'EVFLEET-SIGNATURE HEADER' [BODY-FILE]   (the body from stdin without one)
//
// It prints "valid" and exits 0, or prints "invalid" and exits 1.
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** A delivery signed longer ago than this (or this far ahead of our clock) is refused: a replay. */
const TOLERANCE_SECONDS = 5 * 60;

/**
 * Whether `header` (the evfleet-signature header, `t=<Unix seconds>,v1=<hex>`) signs `rawBody` (the
 * request's body exactly as received, a Buffer or string, before any JSON parsing) with `secret`,
 * within the last 5 minutes.
 */
export function verify(secret, header, rawBody) {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const [, sentAt, signature] = match;
  if (Math.abs(Date.now() / 1000 - Number(sentAt)) > TOLERANCE_SECONDS) return false;
  const expected = createHmac('sha256', secret).update(`${sentAt}.`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [secret, header, bodyFile] = process.argv.slice(2);
  if (!secret || !header) {
    console.error("usage: node verify-webhook.mjs SECRET 'EVFLEET-SIGNATURE HEADER' [BODY-FILE]");
    process.exit(2);
  }
  const valid = verify(secret, header, readFileSync(bodyFile ?? 0));
  console.log(valid ? 'valid' : 'invalid');
  process.exit(valid ? 0 : 1);
}
