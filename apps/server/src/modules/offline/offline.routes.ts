import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceAnswers } from '../../lib/kept-answers.js';
import { listFacilitiesWhere } from '../hospitals/hospitals.service.js';
import { listAllDistricts } from '../provinces/provinces.service.js';

export const offlineRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Every district and health facility at once, for the copy of the form's lists a device keeps to
   * work offline (web: lib/offline/reference-sync.ts). It took two requests a province, 68 in all:
   * on a slow link many round trips, and on a slow phone about 3.5 ms of main thread to start each
   * at 4x CPU slowdown. Each list in the order the per-province answers have.
   */
  const kept = referenceAnswers(app, 'offline reference');
  app.get('/reference/offline', { config: { permission: 'reference.read' } }, (request, reply) =>
    kept.send(request, reply, 'districts and facilities', async () => {
      const [districts, facilities] = await Promise.all([listAllDistricts(app.db), listFacilitiesWhere(app.db, {})]);
      return { data: { districts, facilities } };
    }),
  );
};
