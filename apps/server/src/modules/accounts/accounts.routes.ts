import { acceptAccountSchema, forgotPasswordSchema, recoverPasswordSchema, registerSchema } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendMail } from '../../lib/mailer.js';
import { idParams } from '../../lib/params.js';
import { requireUser } from '../../plugins/auth.js';
import {
  acceptAccountRequest,
  createResetLink,
  listAccountRequests,
  listPasswordResets,
  recoverPassword,
  refuseAccountRequest,
  requestAccount,
  requestPasswordReset,
} from './accounts.service.js';

/** What the Register and Forgot Password pages answer, whatever the email. */
export const REGISTER_ANSWER =
  'Your request was sent. An administrator will review it; you can sign in once it is accepted.';
export const FORGOT_ANSWER =
  'If this email belongs to an account, an administrator will send you a link to set a new password.';

export const accountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { permission: 'users.manage' } as const;

  app.post('/register', { schema: { body: registerSchema }, config: { public: true } }, async (request) => {
    await requestAccount(app.db, request.actor(), request.body);
    return { success: { message: REGISTER_ANSWER } };
  });

  app.post(
    '/forgot-password',
    { schema: { body: forgotPasswordSchema }, config: { public: true } },
    async (request) => {
      await requestPasswordReset(app.db, request.actor(), request.body.email);
      return { success: { message: FORGOT_ANSWER } };
    },
  );

  app.post(
    '/recover-password',
    { schema: { body: recoverPasswordSchema }, config: { public: true } },
    async (request) => {
      await recoverPassword(app.db, request.actor(), request.body.token, request.body.password);
      return { success: { message: 'Your password was changed. Sign in with the new one.' } };
    },
  );

  /**
   * GET /user-active (SPEC 7, "not shown"): whether the caller's account and session are active. It
   * answers 200 with the session's expiry, or 401 like every other call; a client uses it as a cheap
   * check before a long form is sent.
   */
  app.get('/user-active', async (request) => {
    const user = requireUser(request);
    return { success: { active: true, id: user.id, email: user.email } };
  });

  app.get('/users/account-requests', { config: manage }, async () => ({ data: await listAccountRequests(app.db) }));

  app.post(
    '/users/account-requests/:id/accept',
    { schema: { params: idParams, body: acceptAccountSchema }, config: manage },
    async (request) => ({
      success: await acceptAccountRequest(app.db, request.actor(), request.params.id, request.body.role),
    }),
  );

  app.post('/users/account-requests/:id/refuse', { schema: { params: idParams }, config: manage }, async (request) => {
    await refuseAccountRequest(app.db, request.actor(), request.params.id);
    return { success: true };
  });

  app.get('/users/password-resets', { config: manage }, async () => ({ data: await listPasswordResets(app.db) }));

  /** Create the one-time link (an hour); mailed too when SMTP_URL is set. The link is in the answer. */
  app.post('/users/password-resets/:id/link', { schema: { params: idParams }, config: manage }, async (request) => {
    const link = await createResetLink(app.db, request.actor(), request.params.id);
    const origin = app.config.publicUrl ?? `${request.protocol}://${request.host}`;
    const url = `${origin.replace(/\/$/, '')}/recover-password?token=${link.token}`;
    let mailed = false;
    if (app.config.smtpUrl) {
      try {
        await sendMail(app.config.smtpUrl, app.config.mailFrom, {
          to: link.email,
          subject: 'TNA System: set a new password',
          text: `Hello ${link.name},\n\nOpen this link to set a new password for TNA System. It works once, until ${link.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC:\n\n${url}\n\nIf you did not ask for this, you can ignore this mail.`,
        });
        mailed = true;
      } catch (error) {
        request.log.error({ err: error }, 'the password link could not be mailed');
      }
    }
    return { success: { url, expires_at: link.expiresAt.toISOString(), mailed } };
  });
};
