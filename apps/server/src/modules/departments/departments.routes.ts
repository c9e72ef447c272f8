import { departmentFormSchema } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceAnswers } from '../../lib/kept-answers.js';
import { idParams } from '../../lib/params.js';
import { deleteDepartment, listDepartments, saveDepartment } from './departments.service.js';

export const departmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = referenceAnswers(app, 'departments');
  app.get('/departments', { config: { permission: 'reference.read' } }, (request, reply) =>
    kept.send(request, reply, 'departments', async () => ({ data: await listDepartments(app.db) })),
  );

  app.post(
    '/departments',
    { schema: { body: departmentFormSchema }, config: { permission: 'reference.manage' } },
    async (request) => ({ success: await saveDepartment(app.db, request.actor(), request.body) }),
  );

  app.delete(
    '/departments/:id',
    { schema: { params: idParams }, config: { permission: 'reference.manage' } },
    async (request) => {
      await deleteDepartment(app.db, request.actor(), request.params.id);
      return { success: true };
    },
  );
};
