import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '../../../src/modules/webhooks/webhook-signature.js';
import { integrationsBlocks, REPO } from './integrations-doc.js';

// The receivers' examples of docs/integrations.md ("Checking the signature"), run as their readers
// run them, against evfleet's own signing. python3 must be there: a missing one fails, not skips.
const EXAMPLES = [
  { name: 'Node', command: process.execPath, file: 'docs/examples/verify-webhook.mjs', language: 'js' },
  { name: 'Python', command: 'python3', file: 'docs/examples/verify_webhook.py', language: 'python' },
];

const SECRET = 'whsec_a-receivers-secret-0123';
/** A body as evfleet sends it, with characters beyond ASCII: the signature covers its UTF-8 bytes. */
const BODY = JSON.stringify({
  id: '0b8f5c1e-3f7a-4c2e-9d61-2a4b8e7f9c10',
  type: 'alert.raised',
  occurredAt: '2026-11-30T14:05:00.000Z',
  vehicle: { id: 42, vin: '5YJ3E1EA7KF000316', name: 'Lieferwagen Süd' },
  data: { text: 'cell pack temperature is 142.5 °F' },
});
const now = () => Math.floor(Date.now() / 1000);

const dir = mkdtempSync(join(tmpdir(), 'evfleet-signature-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const bodyFile = (body: string) => {
  const path = join(dir, `body-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(path, body);
  return path;
};

describe.each(EXAMPLES)('the $name signature example', ({ command, file, language }) => {
  /** Runs the example on a body given as a file (or, with `stdin`, on standard input). */
  const run = (secret: string, header: string, body: string, via: 'file' | 'stdin' = 'file') => {
    const args = [join(REPO, file), secret, header, ...(via === 'file' ? [bodyFile(body)] : [])];
    const result = spawnSync(command, args, { input: via === 'stdin' ? body : '', encoding: 'utf8' });
    expect(result.error, `${command} must be installed`).toBeUndefined();
    expect(result.stderr).toBe('');
    return { printed: result.stdout.trim(), status: result.status };
  };
  const signed = (body = BODY, at = now(), secret = SECRET) => signatureHeader(secret, body, at);

  it('finds a delivery signed with its secret valid, from a file and from standard input', () => {
    expect(run(SECRET, signed(), BODY)).toEqual({ printed: 'valid', status: 0 });
    expect(run(SECRET, signed(), BODY, 'stdin')).toEqual({ printed: 'valid', status: 0 });
  });

  it('finds a wrong secret, a changed body, an old time and a malformed header invalid', () => {
    const invalid = { printed: 'invalid', status: 1 };
    expect(run('whsec_another-secret-0123456', signed(), BODY)).toEqual(invalid);
    expect(run(SECRET, signed(), BODY.replace('142.5', '142.6'))).toEqual(invalid);
    expect(run(SECRET, signed(BODY, now() - 6 * 60), BODY)).toEqual(invalid);
    expect(run(SECRET, signed().replace('v1=', 'v0='), BODY)).toEqual(invalid);
  });

  it('is quoted in docs/integrations.md as it stands in its file', () => {
    const quoted = integrationsBlocks(language);
    expect(quoted).toHaveLength(1);
    expect(quoted[0]).toMatch(/(function|def) verify\(/);
    expect(readFileSync(join(REPO, file), 'utf8')).toContain(quoted[0]);
  });
});
