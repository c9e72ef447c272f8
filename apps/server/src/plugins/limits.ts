import { Transform } from 'node:stream';
import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.js';

/**
 * The one request-size limit of every route, whatever the content type (JSON, multipart, urlencoded
 * or anything else): an assessment form is a few KB, so 1 MB is generous. A route that needs more
 * sets Fastify's own `bodyLimit` route option, which the checks below read.
 */
export const BODY_LIMIT = 1024 * 1024;

/** Multipart forms: a few named text fields, no files. */
export const MULTIPART_LIMITS = { fields: 20, parts: 20, files: 0, fieldNameSize: 100, fieldSize: BODY_LIMIT };

function tooLarge(limit: number): AppError {
  return new AppError('PAYLOAD_TOO_LARGE', `The request is too large: at most ${Math.floor(limit / 1024)} KB.`);
}

function badMultipart(why: string): AppError {
  return new AppError('BAD_REQUEST', `The multipart form could not be read: ${why}.`);
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own answer for a body over its limit (e.g. the imports' translated "file too large"). */
    tooLarge?: () => AppError;
    /**
     * The body is read by @fastify/multipart (`request.file()`) straight from the request, which
     * counts its own limits (file size, fields, parts); the declared length is still checked.
     */
    readsRawRequest?: boolean;
  }
}

function refusal(request: FastifyRequest, limit: number): AppError {
  return request.routeOptions.config.tooLarge?.() ?? tooLarge(limit);
}

function limitOf(request: FastifyRequest, fallback: number): number {
  return request.routeOptions.bodyLimit ?? fallback;
}

/**
 * Enforces the limit before anything is buffered: a declared Content-Length over it is refused at
 * once (the connection then closes, so the rest is never read), and a body without one (chunked) is
 * counted as it streams and refused at the first byte past the limit. Both happen before any content
 * type parser runs, so the limit holds for every parser, including the multipart one below.
 */
async function limitsPlugin(app: FastifyInstance) {
  const fallback = app.initialConfig.bodyLimit ?? BODY_LIMIT;
  app.addHook('onRequest', async (request) => {
    const declared = request.headers['content-length'];
    if (declared !== undefined && Number(declared) > limitOf(request, fallback)) {
      throw refusal(request, limitOf(request, fallback));
    }
  });
  app.addHook('preParsing', async (request, _reply, payload) => {
    // Fastify reads no body for these; everything else is counted, headers or not.
    if (request.method === 'GET' || request.method === 'HEAD') return payload;
    // A counting stream that no parser reads would fill its buffers, then hold the request (pipe's
    // back-pressure) while @fastify/multipart waits for the rest of it: every upload over ~64 KB hung.
    if (request.routeOptions.config?.readsRawRequest) return payload;
    const limit = limitOf(request, fallback);
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        (counted as Transform & { receivedEncodedLength: number }).receivedEncodedLength = received;
        if (received > limit) done(refusal(request, limit));
        else done(null, chunk);
      },
    });
    payload.on('error', (error) => counted.destroy(error));
    return payload.pipe(counted);
  });
}

export default fp(limitsPlugin, { name: 'limits' });

/**
 * The multipart form of SPEC 7 (`data` and `priorities`, each a JSON text): read with busboy from the
 * stream the size limit already counts, into `{ name: value }`. Files, repeated fields, too many
 * fields and malformed multipart are refused with a 4xx; nothing is kept past the answer.
 */
export function multipartFormParser(
  request: FastifyRequest,
  payload: NodeJS.ReadableStream,
): Promise<Record<string, string>> {
  return new Promise((resolve, reject) => {
    let busboy: InstanceType<typeof Busboy>;
    try {
      busboy = new Busboy({ headers: request.headers as { 'content-type': string }, limits: MULTIPART_LIMITS });
    } catch (error) {
      reject(badMultipart((error as Error).message.replace(/\.$/, '')));
      return;
    }
    const body: Record<string, string> = Object.create(null);
    let settled = false;
    const fail = (error: AppError) => {
      if (settled) return;
      settled = true;
      payload.unpipe(busboy);
      // Whatever is left is read and dropped (a 413 also closes the connection after the answer).
      payload.resume();
      reject(error);
    };
    busboy.on('field', (name, value, nameTruncated, valueTruncated) => {
      if (nameTruncated || valueTruncated) return fail(tooLarge(MULTIPART_LIMITS.fieldSize));
      if (name === '__proto__' || name === 'constructor' || name === 'prototype') {
        return fail(badMultipart(`a field may not be named ${name}`));
      }
      if (name in body) return fail(badMultipart(`the field ${name} is sent twice`));
      body[name] = value;
    });
    busboy.on('filesLimit', () => fail(badMultipart('this form takes no files')));
    busboy.on('fieldsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', 'The form has too many fields.')));
    busboy.on('partsLimit', () => fail(new AppError('PAYLOAD_TOO_LARGE', 'The form has too many parts.')));
    busboy.on('error', (error) => fail(badMultipart(String((error as Error)?.message ?? error).replace(/\.$/, ''))));
    busboy.on('finish', () => {
      if (settled) return;
      settled = true;
      resolve({ ...body });
    });
    payload.on('error', (error) => {
      if (error instanceof AppError) fail(error);
      else fail(badMultipart('the body ended early'));
    });
    payload.pipe(busboy);
  });
}
