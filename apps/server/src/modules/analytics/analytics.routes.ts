import { provinceScope } from '@tna/domain';
import ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { optionalIdQuery } from '../../lib/params.js';
import { requireUser } from '../../plugins/auth.js';
import { type AnalyticsFilter, summary, trainingRanking } from './analytics.repository.js';

const optionalId = optionalIdQuery();
const filterQuery = z.object({ province: optionalId, department: optionalId, position: optionalId });

/** The page's filters within the reader's provinces. */
function filterOf(request: FastifyRequest, query: z.infer<typeof filterQuery>): AnalyticsFilter {
  return { ...query, scope: provinceScope(requireUser(request)) };
}

/** Built-in analytics for planners (issue 6), or the embedded dashboard's address when one is configured. */
export const analyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { permission: 'analytics.read' } as const;

  app.get('/analytics/config', { config }, async () => ({ data: { embed_url: app.config.analyticsEmbedUrl ?? null } }));

  app.get('/analytics/summary', { schema: { querystring: filterQuery }, config }, async (request) => {
    return { data: await summary(app.db, filterOf(request, request.query)) };
  });

  app.get('/analytics/trainings', { schema: { querystring: filterQuery }, config }, async (request) => ({
    data: await trainingRanking(app.db, filterOf(request, request.query)),
  }));

  /** The ranking as an XLSX file (sheet 'data'), following the filters. */
  app.get('/analytics/trainings/export', { schema: { querystring: filterQuery }, config }, async (request, reply) => {
    const rows = await trainingRanking(app.db, filterOf(request, request.query), 10_000);
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('data');
    sheet.addRow([
      'Rank',
      'Training',
      'Training (Dari)',
      'Training (Pashto)',
      'Department',
      'Weighted score',
      'Requests',
      'First choice',
    ]);
    rows.forEach((r, i) => {
      sheet.addRow([
        i + 1,
        r.title_en,
        r.title_dr ?? '',
        r.title_pa ?? '',
        r.department,
        r.score,
        r.requests,
        r.first_choice,
      ]);
    });
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
    const buffer = await book.xlsx.writeBuffer();
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="training_needs_export_${stamp}.xlsx"`)
      .send(Buffer.from(buffer));
  });
};
