import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from './errors.js';

/**
 * How long a stop (SIGTERM on a deploy or a restart) waits for the requests under way before the
 * server closes anyway: under the 10 s a container runtime gives before it kills the process, so the
 * database is still closed cleanly. A long export cut off by it fails as a dropped link does.
 */
export const DRAIN_MS = 8_000;

/**
 * A clean stop. Without it, a stop measured two faults (bench/README.md, issue 12):
 * - the process lived on for 73 s after SIGTERM: Fastify closes the keep-alive connections that are
 *   idle when the stop begins, and every connection whose request was under way stayed open, idle,
 *   until its keep-alive time-out;
 * - a request whose client had gone away was still running (Fastify's close waits for connections,
 *   not for handlers), and failed against a database that was already closed ("Cannot use a pool
 *   after calling end on the pool": a sign-in recorded nowhere, errors in the log).
 * So the stop first waits (at most DRAIN_MS, then cuts what is left) until every request under way has been answered and its
 * answer has finished or its client has left, answers those it sends meanwhile with `Connection:
 * close`, and answers new ones 503 in the API's error shape, which the web app treats as a server
 * that is down for a moment (its outbox keeps what it was sending).
 */
async function drainingPlugin(app: FastifyInstance, options: { drainMs?: number }) {
  const drainMs = options.drainMs ?? DRAIN_MS;
  let closing = false;
  let busy = 0;
  let drained: (() => void) | undefined;

  /** A request is over once it is answered (onSend) and its answer is done with (finished, or its client gone). */
  const track = (reply: FastifyReply) => {
    busy++;
    let answered = false;
    let closed = false;
    const settle = () => {
      if (!answered || !closed) return;
      busy--;
      if (busy === 0) drained?.();
    };
    reply.raw.once('close', () => {
      closed = true;
      settle();
    });
    return () => {
      if (answered) return;
      answered = true;
      settle();
    };
  };
  const answeredOf = new WeakMap<FastifyRequest, () => void>();

  app.addHook('onRequest', async (request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      return reply.code(503).send(errorBody('UNAVAILABLE', 'The server is restarting. Try again in a moment.'));
    }
    answeredOf.set(request, track(reply));
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (closing) reply.header('connection', 'close');
    answeredOf.get(request)?.();
    return payload;
  });
  app.addHook('preClose', async () => {
    closing = true;
    if (busy === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      drained = resolve;
      timer = setTimeout(() => {
        app.log.warn(`${busy} request(s) still under way after ${drainMs} ms: closing their connections`);
        // Else the server's close would wait for them as long as they last.
        app.server.closeAllConnections();
        resolve();
      }, drainMs);
    });
    clearTimeout(timer);
  });
}

export default fp(drainingPlugin, { name: 'draining' });
