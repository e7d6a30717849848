import { describe, expect, it } from 'vitest';
import { cleanPayload } from '../src/api/clean-payload';

describe('cleanPayload (part 1 §3)', () => {
  it('drops empty values and keeps false and 0', () => {
    expect(
      cleanPayload({
        name: 'Ann',
        email: '',
        mobile: '   ',
        address: null,
        dbFileId: undefined,
        status: false,
        count: 0,
      }),
    ).toEqual({
      name: 'Ann',
      status: false,
      count: 0,
    });
  });

  it("drops relations whose id is '' or -1", () => {
    expect(
      cleanPayload({ fleetId: -1, dealerId: '', userId: 7, user: { id: '' }, fleet: { id: -1 }, dealer: { id: 3 } }),
    ).toEqual({
      userId: 7,
      dealer: { id: 3 },
    });
  });
});
