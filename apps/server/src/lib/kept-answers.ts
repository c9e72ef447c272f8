import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CacheStore } from '../db/cache-store.js';
import { type ChangeFeed, REFERENCE_TOPICS, type Topic } from '../db/changes.js';
import type { Doorkeeper } from '../db/doorkeeper.js';
import { ReadCache } from '../db/read-cache.js';
import { acceptedEncoding, encode, utf8 } from './encoding.js';

/**
 * JSON answers kept in memory as the bytes that are sent, until what they were read from changes
 * (see ReadCache): the JSON text in UTF-8, or for a client that accepts it the text compressed. Writing the
 * JSON out and compressing it again for every request were the largest costs of a kept answer
 * (plugins/compression.ts compresses what a route sends as an object; it leaves an answer that
 * already has an encoding as it is). Browsers all accept brotli, so an answer is rarely kept twice.
 */
export class KeptAnswers {
  private readonly cache: ReadCache<Buffer>;

  constructor(
    store: CacheStore,
    changes: ChangeFeed,
    name: string,
    topics: readonly Topic[],
    ttlMs: number,
    /** When given, an answer is kept only from the second time it is asked for (see Doorkeeper). */
    doorkeeper?: Doorkeeper,
  ) {
    this.cache = new ReadCache(store, changes, name, topics, ttlMs, doorkeeper);
  }

  /**
   * Sends the answer kept under `key` (which must name everything the answer depends on besides the
   * topics: the address, the reader's provinces), read with `load` when none is kept.
   */
  async send(request: FastifyRequest, reply: FastifyReply, key: string, load: () => Promise<unknown>) {
    const encoding = acceptedEncoding(request);
    const body = await this.cache.get(`${encoding ?? ''} ${key}`, async () => {
      const json = JSON.stringify(await load());
      return encoding ? encode(json, encoding) : utf8(json);
    });
    reply.type('application/json; charset=utf-8');
    if (encoding) reply.header('content-encoding', encoding).header('vary', 'accept-encoding');
    return reply.send(body);
  }
}

/**
 * Answers that only the reference data can change (the form's lists of places, facilities,
 * departments, positions and trainings): every form a device opens asks for several, and each was a
 * query and a JSON text of up to 65 KB (bench/README.md: /api/provinces at 0.49 ms of the server's
 * CPU and 0.35 ms of PostgreSQL's a request). Kept until the reference data changes, for at most
 * five minutes. Their keys name the list (the route and its parameters), not the address: a query
 * string a client adds must not make another copy.
 */
export function referenceAnswers(app: FastifyInstance, name: string): KeptAnswers {
  return new KeptAnswers(app.caches, app.database.changes, name, REFERENCE_TOPICS, 300_000);
}
