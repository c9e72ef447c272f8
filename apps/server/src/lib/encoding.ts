import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';

/** The encodings the API answers in (plugins/compression.ts), in the server's order of preference. */
export type Encoding = 'br' | 'gzip';

/**
 * Brotli at quality 4 (quality 11, zlib's default, costs about ten times the CPU for a few percent)
 * and gzip at its usual level, both with small windows (64 KB and 8 KB): the compressor's state is
 * allocated for each answer, and for the API's answers (a few KB; 65 KB at most for the form's
 * lists) larger windows cost time and memory for almost no bytes. On the bench (details by id, 32
 * connections, gzip) the small windows took the server from 2,805 to 3,357 answers a second.
 */
export const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 16 },
};
export const GZIP_OPTIONS = { level: 6, windowBits: 13, memLevel: 5 };

const negotiator = new Negotiator<Encoding | 'identity'>({ supportedValues: ['br', 'gzip', 'identity'] });

/** The encoding a request accepts for its answer, null for none (an old client, or `identity`). */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (!header) return null;
  const chosen = negotiator.negotiate(header);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * `text` encoded as `encoding`, at once (small answers: a page of a list), in a buffer of its own
 * size. zlib writes into 16 KB chunks and hands back a view of the first: a kept page of 1.5 KB held
 * on to all 16 (the scoped bench's server grew by 135 MB while it kept 7,800 pages).
 */
export function encode(text: string, encoding: Encoding): Buffer {
  const view = encoding === 'br' ? brotliCompressSync(text, BROTLI_OPTIONS) : gzipSync(text, GZIP_OPTIONS);
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}

/**
 * `text` as UTF-8 in a buffer of its own, for an answer kept for clients that take it as it is. Kept
 * as a string, a page lived in V8's heap, where every full collection marks it and may move it (one
 * every 0.6 s under the province searches, bench/README.md), and was encoded again each time it was
 * sent; a buffer's bytes are outside the heap. Its own allocation, not a slice of Node's shared pool,
 * which a kept answer would hold on to.
 */
export function utf8(text: string): Buffer {
  const own = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  own.write(text);
  return own;
}
