import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { setupTestApp, type TestContext } from '../test/helpers.js';

let t: TestContext;
let app: Awaited<ReturnType<typeof buildApp>>;
const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;
// The boot script the build writes into the page (apps/web/build/route-preloads.ts), Dari text in it.
const boot = 'document.title="سامانه";';

beforeAll(async () => {
  t = await setupTestApp();
  const dist = mkdtempSync(path.join(tmpdir(), 'tna-web-'));
  mkdirSync(path.join(dist, 'assets/i18n'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><head><script>${boot}</script><script type="module" src="/assets/index-abc123.js"></script></head><div id="root"></div>`,
  );
  writeFileSync(path.join(dist, 'assets/index-abc123.js'), js);
  writeFileSync(path.join(dist, 'assets/index-abc123.js.gz'), gzipSync(js));
  writeFileSync(path.join(dist, 'assets/i18n/en.json'), '{"a":"b"}');
  app = await buildApp({ config: loadConfig({ WEB_DIST_DIR: dist, LOG_LEVEL: 'silent' }), database: t.database });
  await app.ready();
  return () => app.close();
});

describe('the web app is served by the same process', () => {
  it('serves index.html at / and for deep links, revalidated on every visit', async () => {
    for (const url of ['/', '/users', '/tna/details/12']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it("allows the page's boot script by its hash, and no other inline script", async () => {
    const hash = createHash('sha256').update(boot, 'utf8').digest('base64');
    for (const url of ['/', '/tna/create', '/api/health']) {
      const csp = (await app.inject({ method: 'GET', url })).headers['content-security-policy'] as string;
      const scripts = csp.split(';').find((d) => d.trim().startsWith('script-src '));
      expect(scripts?.trim(), url).toBe(`script-src 'self' 'sha256-${hash}'`);
    }
  });

  it('caches hashed assets for a year and sends them gzipped to browsers that accept it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(Number(res.headers['content-length'])).toBeLessThan(js.length);
  });

  it('revalidates the translation files, which keep their names across releases', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/i18n/en.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("answers 404 for a file missing from the assets (an older release's chunk), not the web page", async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
    expect(res.json().code).toBe('NOT_FOUND');
  });

  it('answers JSON 404 for unknown API paths, not the web page', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('NOT_FOUND');
  });
});
