import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('../src/notify/toast', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

/** A Storage with nothing in it: no token is sent. */
const emptyStorage = () => ({ getItem: () => null }) as unknown as Storage;

const seen: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://portal.test' } });
  vi.stubGlobal('localStorage', emptyStorage());
  vi.stubGlobal('sessionStorage', emptyStorage());
  seen.length = 0;
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname === '/content/config.json') return Response.json({});
    seen.push({
      method: init.method ?? 'GET',
      url: `${url.pathname}${url.search}`,
      body: init.body && JSON.parse(String(init.body)),
    });
    return Response.json({ id: 7, name: 'Saved' });
  });
});
afterEach(() => vi.unstubAllGlobals());

async function dealersApi() {
  const { entityApi } = await import('../src/api/entity-api');
  return entityApi<{ id: number }, { id?: number; name: string; note?: string }, { id: number; force: boolean }>({
    key: 'dealers',
    path: 'api/dealers',
    search: { path: 'api/dealers/search', param: 'name' },
    shownIn: ['fleets'],
    deleteQuery: ({ force }) => ({ delete: force }),
  });
}

/** A cache holding the queries a people screen keeps, each read once. */
function cacheWith(...keys: unknown[][]) {
  const client = new QueryClient();
  for (const queryKey of keys) client.setQueryData(queryKey, {});
  return client;
}
const stale = (client: QueryClient, queryKey: unknown[]) => client.getQueryState(queryKey)?.isInvalidated;

describe('entityApi: one entity of the people and vehicle screens', () => {
  it('names its list and search as the paged lists read them', async () => {
    const api = await dealersApi();
    expect(api.source).toEqual({
      key: 'dealers',
      listPath: 'api/dealers',
      searchPath: 'api/dealers/search',
      searchParam: 'name',
    });
    expect(api.recordQuery(3).queryKey).toEqual(['dealers', 3]);
    expect(api.recordQuery(null).enabled).toBe(false);
  });

  it('creates with POST and updates with PUT, cleaning the payload, then marks stale what shows the entity', async () => {
    const api = await dealersApi();
    const client = cacheWith(['dealers', 'list', {}], ['fleets', 'list', {}], ['drivers', 'list', {}]);
    const save = api.mutations.save(client);
    await save.mutationFn({ name: 'New', note: '' });
    await save.mutationFn({ id: 4, name: 'Old' });
    expect(seen).toEqual([
      { method: 'POST', url: '/api/dealers', body: { name: 'New' } },
      { method: 'PUT', url: '/api/dealers', body: { id: 4, name: 'Old' } },
    ]);
    await save.onSuccess();
    expect(stale(client, ['dealers', 'list', {}])).toBe(true);
    expect(stale(client, ['fleets', 'list', {}])).toBe(true);
    expect(stale(client, ['drivers', 'list', {}])).toBe(false);
  });

  it("deletes with the dialog's answer, and never refetches the deleted record", async () => {
    const api = await dealersApi();
    const client = cacheWith(['dealers', 5], ['dealers', 6], ['dealers', 'list', {}], ['fleets', 5]);
    const remove = api.mutations.remove(client);
    await remove.mutationFn({ id: 5, force: true });
    expect(seen).toEqual([{ method: 'DELETE', url: '/api/dealers/5?delete=true', body: undefined }]);
    await remove.onSuccess(undefined, { id: 5, force: true });
    expect(stale(client, ['dealers', 5])).toBe(false);
    expect(stale(client, ['dealers', 6])).toBe(true);
    expect(stale(client, ['dealers', 'list', {}])).toBe(true);
    expect(stale(client, ['fleets', 5])).toBe(true);
  });

  it('saves one part of a record below it', async () => {
    const api = await dealersApi();
    const savePart = api.mutations.savePart(
      new QueryClient(),
      9,
      (body: { name: string }) => `attributes/${body.name}`,
    );
    await savePart.mutationFn({ name: 'soc' });
    expect(seen).toEqual([{ method: 'PUT', url: '/api/dealers/9/attributes/soc', body: { name: 'soc' } }]);
  });
});
