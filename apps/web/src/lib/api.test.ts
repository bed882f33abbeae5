import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError, authApi, read } from './api';

function answer(status: number, body: unknown, statusText = '') {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, statusText, headers: { 'Content-Type': 'application/json' } });
}

function stubFetch(respond: () => Response | Promise<Response>) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => respond());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('read() over the typed client', () => {
  it('sends the call to our own origin with the session cookie and hands back the resource', async () => {
    const fetchMock = stubFetch(() => answer(200, { id: 'u1', full_name: 'Mo' }));
    const profile = await read(api.me.profile.$patch({ json: { full_name: 'Mo' } }));
    expect(profile).toEqual({ id: 'u1', full_name: 'Mo' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/me/profile');
    expect(init?.method).toBe('PATCH');
    expect(init?.credentials).toBe('include');
    expect(JSON.parse(String(init?.body))).toEqual({ full_name: 'Mo' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('puts path parameters and queries into the address', async () => {
    const fetchMock = stubFetch(() => answer(200, null));
    expect(await read(api.catalog['daily-prompt'].$get({ query: { focus_area_id: 'a b' } }))).toBeNull();
    expect(await read(api.me['prompt-ratings'][':promptId'].$get({ param: { promptId: 'p-1' } }))).toBeNull();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([
      '/api/catalog/daily-prompt?focus_area_id=a+b',
      '/api/me/prompt-ratings/p-1',
    ]);
  });

  it('turns a refusal into an ApiError with the server’s message, field errors and code', async () => {
    stubFetch(() => answer(400, { error: 'Invalid input', fieldErrors: { full_name: ['Full name is required'] } }));
    const refused = await read(api.me.profile.$patch({ json: { full_name: '' } })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({
      status: 400,
      message: 'Invalid input',
      serverMessage: 'Invalid input',
      fieldErrors: { full_name: ['Full name is required'] },
    });

    stubFetch(() => answer(409, { error: 'You have used your free trial conversation.', code: 'trial_expired' }));
    await expect(read(api.me['trial-use'].$post())).rejects.toMatchObject({
      status: 409,
      code: 'trial_expired',
      fieldErrors: {},
    });
  });

  it('keeps a readable message when the answer is not ours (a proxy’s HTML page)', async () => {
    stubFetch(() => answer(502, '<html>Bad gateway</html>', 'Bad Gateway'));
    await expect(read(api.me.profile.$get())).rejects.toMatchObject({
      status: 502,
      message: 'Bad Gateway',
      serverMessage: undefined,
    });
  });

  it('reports a network failure as status 0 with the offline message', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(read(api.me.profile.$get())).rejects.toMatchObject({
      status: 0,
      message: 'We could not reach Calm Space. Please check your connection and try again.',
    });
  });

  it('lets a cancelled request stay a cancellation', async () => {
    stubFetch(() => Promise.reject(new DOMException('The operation was aborted.', 'AbortError')));
    await expect(read(api.me.profile.$get())).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('authApi (better-auth’s endpoints)', () => {
  it('reads better-auth’s `message` into the same ApiError', async () => {
    stubFetch(() => answer(401, { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' }));
    await expect(authApi.post('/api/auth/sign-in/email', { email: 'a@b.c', password: 'x' })).rejects.toMatchObject({
      status: 401,
      serverMessage: 'Invalid email or password',
      code: 'INVALID_EMAIL_OR_PASSWORD',
    });
  });
});
