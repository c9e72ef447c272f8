import { trainingFormSchema } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceAnswers } from '../../lib/kept-answers.js';
import { idParams } from '../../lib/params.js';
import { deleteTraining, listTrainings, listTrainingsOfDepartment, saveTraining } from './trainings.service.js';

export const trainingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { permission: 'reference.read' } as const;
  const manage = { permission: 'reference.manage' } as const;

  const kept = referenceAnswers(app, 'trainings');

  app.get('/trainings', { config: read }, (request, reply) =>
    kept.send(request, reply, 'trainings', async () => ({ data: await listTrainings(app.db) })),
  );

  app.get('/trainings/bydepartment/:id', { schema: { params: idParams }, config: read }, (request, reply) =>
    kept.send(request, reply, `of department ${request.params.id}`, async () => ({
      data: await listTrainingsOfDepartment(app.db, request.params.id),
    })),
  );

  app.post('/trainings', { schema: { body: trainingFormSchema }, config: manage }, async (request) => ({
    success: await saveTraining(app.db, request.actor(), request.body),
  }));

  app.delete('/trainings/:id', { schema: { params: idParams }, config: manage }, async (request) => {
    await deleteTraining(app.db, request.actor(), request.params.id);
    return { success: true };
  });
};
