import { FACILITY_SORTS, FACILITY_STATUSES, FACILITY_TYPE_VALUES, facilityFormSchema } from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { referenceAnswers } from '../../lib/kept-answers.js';
import { pageQuery, toPage } from '../../lib/paging.js';
import { idParams, optionalIdQuery } from '../../lib/params.js';
import { deleteFacility, listFacilitiesWhere, pageFacilities, saveFacility } from './hospitals.service.js';

const optionalId = optionalIdQuery();

const listQuery = z.object({
  ...pageQuery,
  sort: z.enum(FACILITY_SORTS).default('name'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  lang: z.enum(['en', 'fa', 'ps']).default('en'),
  province_id: optionalId,
  district_id: optionalId,
  type: z.enum(FACILITY_TYPE_VALUES).optional(),
  status: z.enum(FACILITY_STATUSES).optional(),
  search: z.string().trim().max(100).optional(),
});

export const hospitalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const read = { permission: 'reference.read' } as const;
  const manage = { permission: 'reference.manage' } as const;

  /** Paged, sortable and filterable across all pages (SPEC 3's paged shape). */
  app.get('/hospitals', { schema: { querystring: listQuery }, config: read }, async (request) => {
    const q = request.query;
    const { rows, total } = await pageFacilities(
      app.db,
      q,
      { sort: q.sort, direction: q.direction, lang: q.lang },
      q.page,
      q.per_page,
    );
    return { data: toPage(request, rows, total, q.page, q.per_page) };
  });

  const kept = referenceAnswers(app, 'facilities');

  app.get('/hospitals/bydistrictid/:id', { schema: { params: idParams }, config: read }, (request, reply) =>
    kept.send(request, reply, `of district ${request.params.id}`, async () => ({
      data: await listFacilitiesWhere(app.db, { district_id: request.params.id }),
    })),
  );

  app.get('/hospitals/byprovinceid/:id', { schema: { params: idParams }, config: read }, (request, reply) =>
    kept.send(request, reply, `of province ${request.params.id}`, async () => ({
      data: await listFacilitiesWhere(app.db, { province_id: request.params.id }),
    })),
  );

  app.post('/hospitals', { schema: { body: facilityFormSchema }, config: manage }, async (request) => ({
    success: await saveFacility(app.db, request.actor(), request.body),
  }));

  app.delete('/hospitals/:id', { schema: { params: idParams }, config: manage }, async (request) => {
    await deleteFacility(app.db, request.actor(), request.params.id);
    return { success: true };
  });
};
