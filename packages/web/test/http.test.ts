import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastError = vi.fn();
vi.mock('../src/notify/toast', () => ({ toast: { error: toastError, success: vi.fn() } }));

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

  it('tells the session only of a 401 to a call that carried a token, whose toast the session replaces', async () => {
    const { http, onUnauthorized } = await import('../src/api/http');
    const sessionEnded = vi.fn(() => true);
    onUnauthorized(sessionEnded);
    answers['/api/authenticate'] = { status: 401, body: { status: 401, message: 'error.http.401' } };
    await expect(http.post('api/authenticate', {})).rejects.toThrow();
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(toastError.mock.calls).toEqual([['Invalid email/password or your account is not activated.']]);

    toastError.mockReset();
    sessionStorage.setItem('jhi-authenticationToken', 'expired');
    answers['/api/users'] = { status: 401, body: { status: 401, message: 'error.http.401' } };
    await expect(http.get('api/users')).rejects.toThrow();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
  });

  it('never ends the session on a 403: a refused read closes the page, a refused change says so', async () => {
    const { http, onForbidden, onUnauthorized } = await import('../src/api/http');
    const sessionEnded = vi.fn(() => true);
    const pageRefused = vi.fn();
    onUnauthorized(sessionEnded);
    onForbidden(pageRefused);
    sessionStorage.setItem('jhi-authenticationToken', 'fleet-owner');
    answers['/api/dealers'] = { status: 403, body: { status: 403, message: 'error.http.403' } };
    await expect(http.get('api/dealers')).rejects.toThrow();
    expect(pageRefused).toHaveBeenCalledTimes(1);
    expect(toastError).not.toHaveBeenCalled();
    await expect(http.post('api/dealers', {})).rejects.toThrow();
    expect(pageRefused).toHaveBeenCalledTimes(1);
    expect(toastError.mock.calls).toEqual([['You are not allowed to do this.']]);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('shows no raw key: a known one as its sentence, an unknown one as its status', async () => {
    const { http } = await import('../src/api/http');
    answers['/api/things'] = { status: 400, body: { status: 400, message: 'error.validation' } };
    await expect(http.post('api/things', {})).rejects.toThrow();
    answers['/api/things'] = { status: 429, body: { status: 429, message: 'error.http.tooMany' } };
    await expect(http.post('api/things', {})).rejects.toThrow();
    answers['/api/things'] = { status: 418, body: { status: 418, message: 'teapot' } };
    await expect(http.post('api/things', {})).rejects.toThrow();
    expect(toastError.mock.calls).toEqual([
      ['Some values were not accepted. Please check the form.'],
      ['Too many attempts. Please wait a moment and try again.'],
      ['Something went wrong. Please try again.'],
    ]);
  });
});
