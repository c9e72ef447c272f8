import { positionFormSchema } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceAnswers } from '../../lib/kept-answers.js';
import { idParams } from '../../lib/params.js';
import { deletePosition, listPositions, savePosition } from './positions.service.js';

export const positionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = referenceAnswers(app, 'positions');
  app.get('/positions', { config: { permission: 'reference.read' } }, (request, reply) =>
    kept.send(request, reply, 'positions', async () => ({ data: await listPositions(app.db) })),
  );

  app.post(
    '/positions',
    { schema: { body: positionFormSchema }, config: { permission: 'reference.manage' } },
    async (request) => ({ success: await savePosition(app.db, request.actor(), request.body) }),
  );

  app.delete(
    '/positions/:id',
    { schema: { params: idParams }, config: { permission: 'reference.manage' } },
    async (request) => {
      await deletePosition(app.db, request.actor(), request.params.id);
      return { success: true };
    },
  );
};
