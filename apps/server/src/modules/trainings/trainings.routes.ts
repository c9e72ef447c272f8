import { trainingFormSchema } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '../../lib/params.js';
import { deleteTraining, listTrainings, listTrainingsOfDepartment, saveTraining } from './trainings.service.js';

export const trainingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { permission: 'reference.read' } as const;
  const manage = { permission: 'reference.manage' } as const;

  app.get('/trainings', { config: read }, async () => ({ data: await listTrainings(app.db) }));

  app.get('/trainings/bydepartment/:id', { schema: { params: idParams }, config: read }, async (request) => ({
    data: await listTrainingsOfDepartment(app.db, request.params.id),
  }));

  app.post('/trainings', { schema: { body: trainingFormSchema }, config: manage }, async (request) => ({
    success: await saveTraining(app.db, request.actor(), request.body),
  }));

  app.delete('/trainings/:id', { schema: { params: idParams }, config: manage }, async (request) => {
    await deleteTraining(app.db, request.actor(), request.params.id);
    return { success: true };
  });
};
