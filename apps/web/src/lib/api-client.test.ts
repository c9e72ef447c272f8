import { CHANGE_MARK_HEADER } from '@tna/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('./auth-storage', () => ({ getToken: () => 'token' }));
vi.mock('./i18n', () => ({ currentLanguage: () => 'en' }));
vi.mock('./session', () => ({ handleUnauthorized: () => {} }));

const { apiClient } = await import('./api-client');

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
