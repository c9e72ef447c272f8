import { CHANGE_MARK_HEADER } from '@tna/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./auth-storage', () => ({ getToken: () => 'token' }));
vi.mock('./i18n', () => ({ currentLanguage: () => 'en' }));
const signOut = vi.hoisted(() => vi.fn());
vi.mock('./session', () => ({ handleUnauthorized: signOut }));

const { apiClient } = await import('./api-client');
const { getConnectivity, markReachable } = await import('./offline/connectivity');

/** The headers of each request fetch was asked for. */
function stubFetch(answers: Response[]): Headers[] {
  const sent: Headers[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(new Headers(init.headers));
    return answers.shift()!;
  });
  return sent;
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the change mark of writes (read-your-writes across server instances)', () => {
  it('sends none before a write, then the highest mark any answer carried', async () => {
    const sent = stubFetch([
      json({ data: [] }),
      json({ success: true }, { [CHANGE_MARK_HEADER]: '41' }),
      json({ data: [] }),
      json({ success: true }, { [CHANGE_MARK_HEADER]: '12' }),
      json({ data: [] }),
    ]);
    await apiClient.get('/departments');
    await apiClient.post('/departments', { name: 'A' });
    await apiClient.get('/departments');
    await apiClient.post('/departments', { name: 'B' });
    await apiClient.get('/departments');
    expect(sent.map((h) => h.get(CHANGE_MARK_HEADER))).toEqual([null, null, '41', '41', '41']);
  });
});

describe('a server that is stopping (a restart or a deploy)', () => {
  afterEach(() => {
    markReachable();
  });

  it('takes its 503 UNAVAILABLE for a server down for a moment: nobody is signed out, the call can be sent again', async () => {
    // What the server's plugins/draining.ts answers a request that reaches it while it stops.
    stubFetch([
      new Response(
        JSON.stringify({ message: 'The server is restarting. Try again in a moment.', code: 'UNAVAILABLE' }),
        {
          status: 503,
          headers: { 'content-type': 'application/json', connection: 'close' },
        },
      ),
    ]);
    const error = await apiClient.post('/tnas', { name: 'A' }).catch((e: unknown) => e);
    // status >= 500 is what the outbox keeps a form for (features/assessments/api/outbox.ts).
    expect(error).toMatchObject({ status: 503, code: 'NETWORK' });
    expect(getConnectivity().reachable).toBe(false);
    expect(signOut).not.toHaveBeenCalled();
  });
});
