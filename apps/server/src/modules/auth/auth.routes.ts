import { loginSchema, type ProfileResponse } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.js';
import { PUBLIC_RATE_LIMITS } from '../../plugins/security.js';
import { toUserDto } from '../users/users.repository.js';
import { login, logout } from './auth.service.js';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login',
    { schema: { body: loginSchema }, config: { public: true, rateLimit: PUBLIC_RATE_LIMITS.login } },
    async (request) =>
      login(app.db, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        ttlSeconds: app.config.sessionTtlSeconds,
      }),
  );

  app.post('/logout', async (request) => {
    if (request.sessionId) await logout(app.db, request.sessionId);
    return { success: true };
  });

  app.get('/details', async (request): Promise<ProfileResponse> => {
    const user = requireUser(request);
    return { success: toUserDto(user) };
  });
};
