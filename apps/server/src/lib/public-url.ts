import type { FastifyRequest } from 'fastify';

/**
 * Where links in answers and mails point. With PUBLIC_URL set, there and nowhere else: the request's
 * Host header is never used, so a request with `Host: evil.example` cannot get a link to it. Without
 * it (a trial on one machine), the address the request was sent to; the server warns at start when it
 * listens beyond this machine without PUBLIC_URL.
 */
export function linkBase(request: FastifyRequest): string {
  const configured = request.server.config.publicUrl;
  return (configured ?? `${request.protocol}://${request.host}`).replace(/\/$/, '');
}
