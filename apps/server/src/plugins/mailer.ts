import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mail, type Mailer } from '../lib/mailer.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The SMTP client of `SMTP_URL`, or null when the server sends no mail. */
    mailer: Mailer | null;
  }
}

/** One mail client for the app, closed with it. */
async function mailerPlugin(app: FastifyInstance) {
  const mailer = app.config.smtpUrl ? createMailer(app.config.smtpUrl, app.config.mailFrom) : null;
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer?.close());
}

export default fp(mailerPlugin, { name: 'mailer', dependencies: ['db'] });

/**
 * Send a mail if the server sends mail; true when the SMTP server took it. A failure is logged and
 * answered as false: the action that wanted the mail has happened and stays done.
 */
export async function deliver(app: FastifyInstance, request: FastifyRequest, mail: Mail): Promise<boolean> {
  if (!app.mailer) return false;
  try {
    await app.mailer.send(mail);
    return true;
  } catch (error) {
    request.log.error({ err: error }, 'a mail could not be sent');
    return false;
  }
}
