import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BROTLI_OPTIONS, GZIP_OPTIONS } from '../lib/encoding.js';

/**
 * Compresses the API's answers for clients that accept it (every browser does). Officers open New
 * Assessment over provincial mobile links: its reference lists (positions, trainings, the offline
 * copy) were about 190 KB of JSON sent as it was, and compress to a tenth of that. The web app's
 * files are compressed at build time (plugins/web.ts) and are not touched here.
 *
 * - Brotli (see lib/encoding.ts) and gzip; nothing under 1 KB, where headers cost more than the
 *   bytes saved. Answers up to 128 KB are compressed in one call: the plugin's default on two cores
 *   (8 KB) sent a list page through a zlib stream of its own, several times the CPU.
 * - The list pages, the answers asked for most, are kept compressed (assessment-lists.routes.ts).
 * - Only JSON and text: the Excel export is a ZIP already, and mime-db marks it not compressible.
 * - A streamed answer (the `all/bystatus` rows) is compressed as it streams; a client that leaves
 *   still ends the query (stream-abort.test.ts).
 * - Request bodies are never decompressed: a small gzip body could inflate far past the body limits
 *   (plugins/limits.ts), which count the bytes received. Such a body fails as malformed (400).
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    threshold: 1024,
    syncThreshold: 128 * 1024,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
