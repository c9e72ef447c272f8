import { profileSchema, userFormSchema } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/params.js';
import { requireUser } from '../../plugins/auth.js';
import { deleteUser, listUsers, saveUser, updateProfile } from './users.service.js';

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const manage = { permission: 'users.manage' } as const;

  app.get('/users', { config: manage }, async () => ({ data: await listUsers(app.db) }));

  app.post('/users/register', { schema: { body: userFormSchema }, config: manage }, async (request) => ({
    success: await saveUser(app.db, request.actor(), request.body),
  }));

  app.delete('/users/:id', { schema: { params: idParams }, config: manage }, async (request) => {
    await deleteUser(app.db, request.actor(), request.params.id);
    return { success: true };
  });

  app.post(
    '/users/update-profile',
    { schema: { body: profileSchema }, config: { permission: 'profile.update' } },
    async (request) => ({
      success: await updateProfile(app.db, request.actor(), requireUser(request).id, request.body),
    }),
  );
};
