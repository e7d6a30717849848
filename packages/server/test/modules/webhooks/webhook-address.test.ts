import { describe, expect, it } from 'vitest';
import { hasRefusedLiteral, isRefusedAddress } from '../../../src/modules/webhooks/webhook-address.js';

describe("a webhook URL's address written as an IP literal", () => {
  it.each([
    'http://127.0.0.1/',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://10.0.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[::]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::127.0.0.1]/',
    'http://[::10.0.0.1]/',
    'http://[::8.8.8.8]/',
    'http://[64:ff9b::127.0.0.1]/',
    'http://[2002:7f00:1::]/',
    'http://[fe80::1]/',
    'http://[fc00::1]/',
  ])('refuses %s', (url) => {
    expect(hasRefusedLiteral(url)).toBe(true);
  });

  it.each(['https://93.184.215.14/hook', 'http://[2606:4700:4700::1111]/', 'https://hooks.example.com/x'])(
    'lets %s through (a name is judged where it resolves, at each delivery)',
    (url) => {
      expect(hasRefusedLiteral(url)).toBe(false);
    },
  );

  it('judges resolved addresses the same way', () => {
    expect(isRefusedAddress('::7f00:1')).toBe(true);
    expect(isRefusedAddress('::ffff:8.8.8.8')).toBe(false);
    expect(isRefusedAddress('not an address')).toBe(true);
  });
});
