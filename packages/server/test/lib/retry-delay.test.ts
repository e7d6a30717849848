import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { retryDelay } from '../../src/lib/outbox-worker.js';

const S = 1000;
const HOUR = 3600 * S;
const env = { JWT_SECRET: 'x'.repeat(32), DATA_DIR: '/tmp/evfleet-test' };
/** The waits before the second to the tenth attempt of a message whose attempts all fail. */
const waits = (firstMs: number) => Array.from({ length: 9 }, (_, i) => retryDelay(firstMs, i + 1));

/** The outboxes' retries (docs/integrations.md "Delivery rules"): within a minute, then doubling to an hour. */
describe('retry delay', () => {
  it('waits at most a minute before the first retry with the default configuration', () => {
    const { retryMs } = loadConfig(env).webhooks;
    expect(retryDelay(retryMs, 1)).toBeLessThanOrEqual(60 * S);
    expect(retryDelay(retryMs, 1)).toBe(30 * S);
  });

  it('doubles the wait with each failed attempt, up to an hour', () => {
    expect(waits(30 * S)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600].map((s) => s * S));
    // The longest first delay configuration allows reaches the hour as well, and stays there.
    expect(waits(60 * S)).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600].map((s) => s * S));
    expect(retryDelay(30 * S, 1000)).toBe(HOUR);
  });
});
