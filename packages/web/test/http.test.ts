import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('../src/app/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));

/** A Storage good enough for the token helpers. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string> } | Error;
let answers: Record<string, Answer>;
const seen: { url: string; init: RequestInit }[] = [];

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://portal.test' } });
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('sessionStorage', memoryStorage());
  answers = { '/content/config.json': { status: 200, body: {} } };
  seen.length = 0;
  toastError.mockReset();
  vi.stubGlobal('fetch', async (input: URL | string, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://portal.test');
    seen.push({ url: url.href, init });
    const answer = answers[url.pathname] ?? { status: 404, body: { status: 404, message: 'none' } };
    if (answer instanceof Error) throw answer;
    const headers = { 'content-type': 'application/json', ...answer.headers };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers,
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('http client (part 1 §7, §8)', () => {
  it('sends the bearer token from local storage, else session storage, and exposes headers', async () => {
    const { http, totalCount } = await import('../src/api/http');
    sessionStorage.setItem('jhi-authenticationToken', 'session-token');
    answers['/api/users'] = { status: 200, body: [], headers: { 'x-total-count': '42' } };
    const { headers } = await http.get('api/users', { query: { page: 0, size: 10 } });
    expect(totalCount(headers)).toBe(42);
    const sent = seen.at(-1)!;
    expect(sent.url).toBe('http://portal.test/api/users?page=0&size=10');
    expect(new Headers(sent.init.headers).get('Authorization')).toBe('Bearer session-token');
    localStorage.setItem('jhi-authenticationToken', 'remembered');
    await http.get('api/users');
    expect(new Headers(seen.at(-1)!.init.headers).get('Authorization')).toBe('Bearer remembered');
  });

  it('toasts each field error of a 400 and throws the failed call', async () => {
    const { http, HttpError } = await import('../src/api/http');
    answers['/api/register'] = {
      status: 400,
      body: {
        status: 400,
        message: 'error.validation',
        fieldErrors: [{ objectName: 'user', field: 'email', message: 'Max' }],
      },
    };
    await expect(http.post('api/register', {})).rejects.toBeInstanceOf(HttpError);
    expect(toastError.mock.calls).toEqual([['Error on field "Email"']]);
  });

  it('reports a network failure as status 0, and a call message replaces the rules', async () => {
    const { http } = await import('../src/api/http');
    answers['/api/account/change-password'] = new TypeError('connection refused');
    await expect(http.post('api/account/change-password', {})).rejects.toMatchObject({ call: { status: 0 } });
    answers['/api/account/change-password'] = { status: 400, body: { status: 400, message: 'bad' } };
    await expect(http.post('api/account/change-password', {}, { errorMessage: 'own message' })).rejects.toThrow();
    expect(toastError.mock.calls).toEqual([['Server not reachable'], ['own message']]);
  });

  it('stays silent when asked, and tells the session about a 401 or 403', async () => {
    const { http, onUnauthorized } = await import('../src/api/http');
    const signOut = vi.fn();
    onUnauthorized(signOut);
    answers['/api/account'] = { status: 401, body: { status: 401, message: 'error.http.401' } };
    answers['/api/users'] = { status: 403, body: { status: 403, message: 'Forbidden' } };
    await expect(http.get('api/account', { silent: true })).rejects.toThrow();
    await expect(http.get('api/users')).rejects.toThrow();
    expect(toastError.mock.calls).toEqual([['Forbidden']]);
    expect(signOut).toHaveBeenCalledTimes(2);
  });
});
