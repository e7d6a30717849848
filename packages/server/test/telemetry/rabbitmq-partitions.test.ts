import { describe, expect, it } from 'vitest';
import { partitionsInTurn } from '../../src/telemetry/mqtt/rabbitmq.js';

describe('the partitions an instance consumes first (rabbitmq.ts)', () => {
  it('consumes every partition at once when no preference is set', () => {
    expect(partitionsInTurn(4)).toEqual({ preferred: [0, 1, 2, 3], standby: [] });
  });

  it('gives each instance of several its own share, the rest on standby', () => {
    expect(partitionsInTurn(6, { instance: 1, of: 3 })).toEqual({ preferred: [0, 3], standby: [1, 2, 4, 5] });
    expect(partitionsInTurn(6, { instance: 3, of: 3 })).toEqual({ preferred: [2, 5], standby: [0, 1, 3, 4] });
  });

  it('shares out every partition exactly once across the instances', () => {
    const shares = [1, 2, 3].flatMap((instance) => partitionsInTurn(8, { instance, of: 3 }).preferred);
    expect(shares.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });
});
