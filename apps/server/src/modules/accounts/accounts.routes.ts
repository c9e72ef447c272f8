import { acceptAccountSchema, forgotPasswordSchema, recoverPasswordSchema, registerSchema } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/params.js';
import { linkBase } from '../../lib/public-url.js';
import { requestLanguage } from '../../lib/translations.js';
import { requireUser } from '../../plugins/auth.js';
import { deliver } from '../../plugins/mailer.js';
import { PUBLIC_RATE_LIMITS } from '../../plugins/security.js';
import { accountDecisionMail, resetLinkMail } from './account-mails.js';
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

  app.post(
    '/register',
    { schema: { body: registerSchema }, config: { public: true, rateLimit: PUBLIC_RATE_LIMITS.register } },
    async (request) => {
      await requestAccount(app.db, request.actor(), request.body, requestLanguage(request));
      return { success: { message: REGISTER_ANSWER } };
    },
  );

  app.post(
    '/forgot-password',
    { schema: { body: forgotPasswordSchema }, config: { public: true, rateLimit: PUBLIC_RATE_LIMITS.forgotPassword } },
    async (request) => {
      await requestPasswordReset(app.db, request.actor(), request.body.email, requestLanguage(request));
      return { success: { message: FORGOT_ANSWER } };
    },
  );

  app.post(
    '/recover-password',
    {
      schema: { body: recoverPasswordSchema },
      config: { public: true, rateLimit: PUBLIC_RATE_LIMITS.recoverPassword },
    },
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
    async (request) => {
      const { role } = request.body;
      const { user, contact } = await acceptAccountRequest(app.db, request.actor(), request.params.id, role);
      // Not awaited: the account exists whether or not the mail server answers quickly.
      void deliver(
        app,
        request,
        accountDecisionMail(contact, { accepted: true, role, loginUrl: `${linkBase(request)}/login` }),
      );
      return { success: user };
    },
  );

  app.post('/users/account-requests/:id/refuse', { schema: { params: idParams }, config: manage }, async (request) => {
    const contact = await refuseAccountRequest(app.db, request.actor(), request.params.id);
    void deliver(app, request, accountDecisionMail(contact, { accepted: false }));
    return { success: true };
  });

  app.get('/users/password-resets', { config: manage }, async () => ({ data: await listPasswordResets(app.db) }));

  /** Create the one-time link (an hour); mailed too when SMTP_URL is set. The link is in the answer. */
  app.post('/users/password-resets/:id/link', { schema: { params: idParams }, config: manage }, async (request) => {
    const link = await createResetLink(app.db, request.actor(), request.params.id);
    const url = `${linkBase(request)}/recover-password?token=${link.token}`;
    const mailed = await deliver(app, request, resetLinkMail(link.contact, url, link.expiresAt));
    return { success: { url, expires_at: link.expiresAt.toISOString(), mailed } };
  });
};
