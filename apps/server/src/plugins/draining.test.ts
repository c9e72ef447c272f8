import http from 'node:http';
import type net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import drainingPlugin from './draining.js';

// A stop (SIGTERM on a deploy) as clients see it: a request under way is answered, a client that left
// does not leave its handler running against a closed database, a new request is told to come back,
// and the process does not linger on idle keep-alive connections. A small app with the plugin alone
// and a route that answers when the test says so, so that nothing here depends on timing.

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

let app: FastifyInstance | undefined;
let agent: http.Agent | undefined;
afterEach(async () => {
  agent?.destroy();
  await app?.close();
  app = undefined;
});

/** An app whose GET /slow answers once `open()` is called; `entered` counts handlers started, `done` those ended. */
async function slowApp(drainMs: number) {
  let open = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const events: string[] = [];
  let entered = 0;
  const server = Fastify({ return503OnClosing: false });
  await server.register(drainingPlugin, { drainMs });
  server.get('/slow', async () => {
    entered++;
    await gate;
    events.push('handler done');
    return { ok: true };
  });
  await server.listen({ port: 0, host: '127.0.0.1' });
  app = server;
  const port = (server.server.address() as net.AddressInfo).port;
  return { server, port, open, events, entered: () => entered };
}

function get(port: number, options: { agent?: http.Agent; abortWhen?: () => boolean } = {}) {
  let request!: http.ClientRequest;
  const answer = new Promise<Answer>((resolve, reject) => {
    request = http.get({ host: '127.0.0.1', port, path: '/slow', agent: options.agent ?? false }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
    request.on('error', reject);
  });
  return { answer, abort: () => request.destroy() };
}

async function until(check: () => boolean) {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('a stop while requests are under way', () => {
  it('answers them, then closes: their clients kept alive or gone, new ones told to come back', async () => {
    const { server, port, open, events, entered } = await slowApp(20_000);
    agent = new http.Agent({ keepAlive: true });
    const kept = get(port, { agent });
    const left = get(port);
    left.answer.catch(() => {});
    await until(() => entered() === 2);
    left.abort();

    const started = Date.now();
    const closed = server.close().then(() => events.push('closed'));
    // A request that arrives during the stop gets the API's error shape, and its connection ends.
    const late = await get(port).answer;
    expect(late.status).toBe(503);
    expect(late.connection).toBe('close');
    expect(JSON.parse(late.body)).toMatchObject({ code: 'UNAVAILABLE' });
    expect(entered()).toBe(2);
    // Neither handler has ended, so the stop has not either: the client that left has one running.
    expect(events).toEqual([]);

    open();
    const answer = await kept.answer;
    expect(answer.status).toBe(200);
    expect(answer.connection).toBe('close');
    await closed;
    expect(events).toEqual(['handler done', 'handler done', 'closed']);
    // Before, the kept-alive connection held the stop for Fastify's 72 s keep-alive time-out.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('cuts a request that never ends once the wait is over, and closes', async () => {
    const { server, port, entered } = await slowApp(300);
    const stuck = get(port);
    await until(() => entered() === 1);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await expect(stuck.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('closes at once when nothing is under way', async () => {
    const { server, port, open } = await slowApp(20_000);
    open();
    agent = new http.Agent({ keepAlive: true });
    expect((await get(port, { agent }).answer).status).toBe(200);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
