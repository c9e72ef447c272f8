import {
  ASSESSMENT_SORTS,
  ASSESSMENT_STATUSES,
  type AssessmentStatus,
  assessmentSearchSchema,
  can,
  EXPORT_PREFIXES,
  LIST_ACTION_BY_STATUS,
  provinceScope,
  scopeKey,
} from '@tna/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REFERENCE_TOPICS } from '../../db/changes.js';
import { Doorkeeper } from '../../db/doorkeeper.js';
import { AppError } from '../../lib/app-error.js';
import { KeptAnswers } from '../../lib/kept-answers.js';
import { pageQuery, toPage } from '../../lib/paging.js';
import { optionalIdQuery } from '../../lib/params.js';
import { linkBase } from '../../lib/public-url.js';
import { requireUser } from '../../plugins/auth.js';
import { streamAllRows, streamExport } from './assessment-export.js';
import { type ListCaches, type ListFilter, type ListSorting, pageAssessments } from './assessment-lists.repository.js';
import { ListAnchors } from './list-anchors.js';
import { ListGroups } from './list-groups.js';

const optionalId = optionalIdQuery();

export const listQuery = z.object({
  ...pageQuery,
  sort: z.enum(ASSESSMENT_SORTS).optional(),
  direction: z.enum(['asc', 'desc']).default('asc'),
  lang: z.enum(['en', 'fa', 'ps']).default('en'),
  province: optionalId,
  district: optionalId,
  health_facility: optionalId,
});
type ListQuery = z.infer<typeof listQuery>;

const statusParams = z.object({ status: z.enum(ASSESSMENT_STATUSES) });

/** SPEC 6: who may read the list of a status (the tiles); the server enforces it. */
export function assertMayList(request: FastifyRequest, status: AssessmentStatus): void {
  if (!can(requireUser(request).roles, LIST_ACTION_BY_STATUS[status])) throw AppError.forbidden();
}

function sortingOf(q: Pick<ListQuery, 'sort' | 'direction' | 'lang'>): ListSorting {
  return { sort: q.sort, direction: q.direction, lang: q.lang };
}

/**
 * The GET address of a list with its search and sort, which the page links of both the GET list and
 * the POST search point to (a client follows page links with GET).
 */
function listUrl(request: FastifyRequest, status: string, filter: ListFilter, q: Partial<ListQuery>): string {
  const url = new URL(`/api/tnas/bystatus/${status}`, linkBase(request));
  for (const [k, v] of Object.entries({
    province: filter.province,
    district: filter.district,
    health_facility: filter.health_facility,
    sort: q.sort,
    direction: q.sort ? q.direction : undefined,
    lang: q.lang && q.lang !== 'en' ? q.lang : undefined,
    per_page: q.per_page,
  })) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  return url.toString();
}

/** The list a query asks for: a status and the search's place and facility. */
function filterOf(
  status: AssessmentStatus,
  q: { province?: number | undefined; district?: number | undefined; health_facility?: number | undefined },
): ListFilter {
  return { status, province: q.province, district: q.district, health_facility: q.health_facility };
}

/** `{prefix}_export_{timestamp}.xlsx` (SPEC 7), the timestamp as YYYYMMDD_HHMMSS in UTC. */
export function exportFileName(status: AssessmentStatus, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
  return `${EXPORT_PREFIXES[status]}_export_${stamp}.xlsx`;
}

/**
 * The key a list page is kept under: the reader's provinces (two readers of different provinces never
 * share a page), the request as it came (the page links repeat its address) and, for a search, the
 * GET address its links point to. KeptAnswers adds the encoding.
 */
function pageKey(request: FastifyRequest, searchUrl?: string): string {
  return `${scopeKey(requireUser(request))} ${request.method} ${request.protocol}://${request.host}${request.url} ${searchUrl ?? ''}`;
}

export const assessmentListsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { caches: store, database } = app;
  // Pages of the lists, kept until an assessment or the reference data changes (at most a minute):
  // the first pages of the NEW list are what every validator opens, again and again. They are kept
  // as the bytes that are sent (compressing a page again for every request cut the pages a second by
  // more than half). Only pages asked for a second time are kept: pages read once (deep pages,
  // searches) would push out of the shared store what every request needs (see Doorkeeper).
  const pages = new KeptAnswers(
    store,
    database.changes,
    'pages',
    ['assessments', ...REFERENCE_TOPICS],
    60_000,
    new Doorkeeper(),
  );
  // Where deep pages start reading (see pageStart), kept through writes (see ListAnchors), and how
  // many rows each place or facility holds in a list sorted by their names (see groupCounts), kept
  // through writes too (see ListGroups); each for at most five minutes.
  const caches: ListCaches = {
    anchors: new ListAnchors(store, database.changes, 300_000),
    groups: new ListGroups(store, database.changes, 300_000),
  };
  app.addHook('onClose', async () => {
    caches.anchors.close();
    caches.groups.close();
  });
  const page = async (
    request: FastifyRequest,
    reply: FastifyReply,
    filter: ListFilter,
    q: Pick<ListQuery, 'sort' | 'direction' | 'lang' | 'page' | 'per_page'>,
    searchUrl?: string,
  ) => {
    const user = requireUser(request);
    return pages.send(request, reply, pageKey(request, searchUrl), async () => {
      const { rows, total } = await pageAssessments(
        app.db,
        app.reference,
        filter,
        provinceScope(user),
        sortingOf(q),
        q.page,
        q.per_page,
        caches,
      );
      return { data: toPage(request, rows, total, q.page, q.per_page, searchUrl) };
    });
  };

  const exportQuery = listQuery.pick({ province: true, district: true, health_facility: true, lang: true });

  /**
   * The Excel export of a list (admins and validators), following the search on screen; built as a
   * stream while it is sent.
   */
  app.get(
    '/tnas/export/:status',
    { schema: { params: statusParams, querystring: exportQuery }, config: { permission: 'tna.export' } },
    async (request, reply) => {
      const { status } = request.params;
      assertMayList(request, status);
      const q = request.query;
      const filter = filterOf(status, q);
      const scope = provinceScope(requireUser(request));
      const stream = streamExport(app.database, app.reference, filter, scope, q.lang, (error) =>
        request.log.error({ err: error }, 'export failed'),
      );
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${exportFileName(status)}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  /** SPEC 7: all rows of a status, for clients that build the export themselves; streamed JSON. */
  app.get(
    '/tnas/all/bystatus/:status',
    { schema: { params: statusParams, querystring: exportQuery }, config: { permission: 'tna.export' } },
    async (request, reply) => {
      const { status } = request.params;
      assertMayList(request, status);
      const q = request.query;
      const filter = filterOf(status, q);
      const scope = provinceScope(requireUser(request));
      const stream = streamAllRows(app.database, filter, scope, (error) =>
        request.log.error({ err: error }, 'listing failed'),
      );
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  /** A review list by status, paged, sorted across all pages, optionally searched (SPEC 2, 7). */
  app.get(
    '/tnas/bystatus/:status',
    { schema: { params: statusParams, querystring: listQuery } },
    async (request, reply) => {
      const { status } = request.params;
      assertMayList(request, status);
      const q = request.query;
      const filter = filterOf(status, q);
      return page(request, reply, filter, q);
    },
  );

  /** SPEC 7 search: {province, district, health_facility, status}; page and sort may ride in the query. */
  app.post(
    '/tnas/search',
    {
      schema: {
        body: assessmentSearchSchema,
        querystring: listQuery.omit({ province: true, district: true, health_facility: true }),
      },
      config: { readOnly: true },
    },
    async (request, reply) => {
      const { status, province, district, health_facility } = request.body;
      assertMayList(request, status);
      const q = request.query;
      const filter: ListFilter = { status, province, district, health_facility };
      return page(request, reply, filter, q, listUrl(request, status, filter, q));
    },
  );
};
