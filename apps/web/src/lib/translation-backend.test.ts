import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { readTranslations } from './translation-backend';

function read(answer: () => Promise<Response>) {
  return new Promise<{ error: unknown; data: unknown }>((resolve) =>
    readTranslations('fa', (error, data) => resolve({ error, data }), answer as typeof fetch),
  );
}

describe('the translation files', () => {
  it('are asked for by language and handed over as read', async () => {
    const load = vi.fn(async () => new Response(JSON.stringify({ app: { name: 'TNA System' } })));
    const got = await new Promise((resolve) => readTranslations('ps', (_e, data) => resolve(data), load));
    expect(load).toHaveBeenCalledWith('/assets/i18n/ps.json');
    expect(got).toEqual({ app: { name: 'TNA System' } });
  });

  it('are tried again after a dropped link or a server error, not after a 404 or a broken file', async () => {
    expect((await read(() => Promise.reject(new TypeError('Failed to fetch')))).data).toBe(true);
    expect((await read(async () => new Response('', { status: 503 }))).data).toBe(true);
    expect((await read(async () => new Response('', { status: 404 }))).data).toBe(false);
    expect((await read(async () => new Response('{ not json'))).data).toBe(false);
    expect((await read(async () => new Response('', { status: 503 }))).error).toMatch(/status code: 503/);
  });

  it('come on the third try when the first two fail (SPEC 9), through i18next', async () => {
    let calls = 0;
    const instance = i18next.createInstance();
    await instance
      .use({
        type: 'backend',
        init: () => {},
        read: (language: string, _ns: string, callback: Parameters<typeof readTranslations>[1]) =>
          readTranslations(language, callback, async () => {
            calls += 1;
            return calls < 3 ? new Response('', { status: 502 }) : new Response('{"hello":"سلام"}');
          }),
      })
      .init({ lng: 'fa', fallbackLng: false, maxRetries: 2, retryTimeout: 1 });
    expect(calls).toBe(3);
    expect(instance.t('hello')).toBe('سلام');
  });
});
