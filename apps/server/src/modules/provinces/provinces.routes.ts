import { districtFormSchema, requiredId } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { referenceAnswers } from '../../lib/kept-answers.js';
import { idParams } from '../../lib/params.js';
import { deleteDistrict, listDistricts, listProvinces, saveDistrict } from './provinces.service.js';

const read = { permission: 'reference.read' } as const;
const manage = { permission: 'reference.manage' } as const;

export const provincesRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = referenceAnswers(app, 'provinces');
  app.get('/provinces', { config: read }, (request, reply) =>
    kept.send(request, reply, 'provinces', async () => ({ data: await listProvinces(app.db) })),
  );

  app.get(
    '/provinces/districts/:provinceId',
    { schema: { params: z.object({ provinceId: requiredId() }) }, config: read },
    (request, reply) =>
      kept.send(request, reply, `districts ${request.params.provinceId}`, async () => ({
        data: await listDistricts(app.db, request.params.provinceId),
      })),
  );

  app.post('/provinces/districts', { schema: { body: districtFormSchema }, config: manage }, async (request) => ({
    success: await saveDistrict(app.db, request.actor(), request.body),
  }));

  app.delete('/provinces/districts/:id', { schema: { params: idParams }, config: manage }, async (request) => {
    await deleteDistrict(app.db, request.actor(), request.params.id);
    return { success: true };
  });
};
