import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app. Hashed assets are cached for a year; index.html and the translation
 * files are revalidated so a new release is picked up at once. Precompressed .br/.gz files are sent
 * to browsers that accept them (slow links). Any other GET that is not /api or /assets gets
 * index.html, so that the browser's router handles deep links.
 */
async function webPlugin(app: FastifyInstance, opts: { root: string }) {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: false,
    preCompressed: true,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(opts.root, filePath);
      if (rel.startsWith('assets/') && !rel.startsWith('assets/i18n/')) {
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      } else {
        res.setHeader('cache-control', 'no-cache');
      }
    },
  });
  app.setNotFoundHandler((request, reply) => {
    // A missing file under /assets (a chunk of an older release, say) is a 404: answered with the
    // page, a browser reported a module of the wrong type instead of a missing one.
    if (request.method === 'GET' && !request.url.startsWith('/api') && !request.url.startsWith('/assets/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found.', code: 'NOT_FOUND' });
  });
}

export default fp(webPlugin, { name: 'web' });

/** The web build: WEB_DIST_DIR, or apps/web/dist beside this package. */
export function findWebDist(configured?: string): string | null {
  const candidate = configured ?? path.resolve(import.meta.dirname, '../../../web/dist');
  return existsSync(path.join(candidate, 'index.html')) ? candidate : null;
}

/**
 * The Content-Security-Policy sources (`'sha256-...'`) of the inline scripts of the built page: the
 * build writes boot.js into index.html (apps/web/build/route-preloads.ts), a round trip less before a
 * phone's first paint. Only those exact scripts are allowed; no other inline script runs.
 */
export function inlineScriptSources(root: string): string[] {
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  return Array.from(
    html.matchAll(/<script>([\s\S]*?)<\/script>/g),
    ([, code]) => `'sha256-${createHash('sha256').update(code!, 'utf8').digest('base64')}'`,
  );
}
