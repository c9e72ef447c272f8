import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedAssessments } from '../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';

// What a browser on a slow link gets: the API's JSON compressed when it says it can read that, the
// same JSON as an old client without Accept-Encoding gets.

let t: TestContext;
beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, 40);
}, 120_000);

function decoded(res: { headers: Record<string, unknown>; rawPayload: Buffer }): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8');
  return res.rawPayload.toString('utf8');
}

describe('compressed answers', () => {
  it.each([
    ['/api/positions', 'the form reference lists'],
    ['/api/reference/offline', "the device's copy of the lists"],
    ['/api/tnas/bystatus/NEW', 'a list page (kept in the page cache)'],
  ])('%s (%s): brotli or gzip as accepted, the same JSON as a plain client gets', async (url) => {
    const plain = await t.request('GET', url, { token: t.adminToken });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await t.request('GET', url, { token: t.adminToken, headers: { 'accept-encoding': accept } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(expected);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(decoded(res))).toEqual(plain.json());
    }
  });

  it('leaves small answers and the Excel export as they are', async () => {
    const small = await t.request('GET', '/api/health', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    const xlsx = await t.request('GET', '/api/tnas/export/NEW', {
      token: t.adminToken,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-encoding']).toBeUndefined();
    // A ZIP file's signature: the browser saves what it was sent.
    expect(xlsx.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
  });

  it('compresses the streamed listing of all rows as it streams', async () => {
    const plain = await t.request('GET', '/api/tnas/all/bystatus/NEW', { token: t.adminToken });
    const res = await t.request('GET', '/api/tnas/all/bystatus/NEW', {
      token: t.adminToken,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(plain.json().data).toHaveLength(40);
    expect(JSON.parse(decoded(res))).toEqual(plain.json());
  });

  it('does not inflate a compressed request body (the body limits count the bytes received)', async () => {
    const body = gzipSync(JSON.stringify({ email: 'admin@example.org', password: 'x'.repeat(10) }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('message');
  });
});
