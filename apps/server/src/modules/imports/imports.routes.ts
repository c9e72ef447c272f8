import { PassThrough } from 'node:stream';
import multipart from '@fastify/multipart';
import {
  IMPORT_KINDS,
  IMPORT_MAX_BYTES,
  IMPORT_MODES,
  type ImportEvent,
  type ImportKind,
  LANGUAGES,
  provinceScope,
} from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.js';
import { idParams } from '../../lib/params.js';
import { requestLanguage, translator } from '../../lib/translations.js';
import { requireUser } from '../../plugins/auth.js';
import { assessmentsImport } from './assessments.import.js';
import { headerOf, mapHeader } from './columns.js';
import { facilitiesImport } from './facilities.import.js';
import type { ImportHandler } from './handler.js';
import { findReport, listReports, saveReport } from './imports.repository.js';
import { runImport } from './runner.js';
import { openSheet } from './sheet-reader.js';
import { buildTemplate } from './template.js';
import { fileTooLarge, receiveUpload } from './upload.js';
import { usersImport } from './users.import.js';

// biome-ignore lint/suspicious/noExplicitAny: each kind has its own row and record types
const HANDLERS: Record<ImportKind, ImportHandler<any, any>> = {
  facilities: facilitiesImport,
  users: usersImport,
  assessments: assessmentsImport,
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '_');
const kindParams = z.object({ kind: z.enum(IMPORT_KINDS) });
const langQuery = z.object({ lang: z.enum(LANGUAGES).optional() });

/**
 * Imports of health facilities, users and assessments from XLSX or CSV (admins only): a template to
 * fill, a dry run that writes nothing, and the import itself; both answer as a stream of JSON lines
 * (progress, then the result) and leave a report to download.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const config = { permission: 'data.import' } as const;
  // One import at a time on a server instance: each reads a whole file and writes thousands of rows.
  let running = false;

  app.get(
    '/imports/:kind/template',
    { schema: { params: kindParams, querystring: langQuery }, config },
    async (request, reply) => {
      const language = requestLanguage(request);
      const book = await buildTemplate(app.db, request.params.kind, language);
      return reply
        .header('content-type', XLSX)
        .header('content-disposition', `attachment; filename="${request.params.kind}_import_template_${language}.xlsx"`)
        .send(book);
    },
  );

  app.post(
    '/imports/:kind/:mode',
    {
      schema: { params: kindParams.extend({ mode: z.enum(IMPORT_MODES) }), querystring: langQuery },
      config: { ...config, tooLarge: fileTooLarge, readsRawRequest: true },
      // The one body limit of every route (plugins/limits.ts) is raised here alone, to a file's
      // limit and its multipart envelope; the upload check refuses a larger file itself (413).
      bodyLimit: IMPORT_MAX_BYTES + 64 * 1024,
    },
    async (request, reply) => {
      const { kind, mode } = request.params;
      const user = requireUser(request);
      if (running) {
        throw AppError.conflict(
          'Another import is running on this server. Try again when it has finished.',
          'imports.errors.busy',
        );
      }
      running = true;
      const language = requestLanguage(request);
      const t = translator(language);
      const handler = HANDLERS[kind];
      let upload: Awaited<ReturnType<typeof receiveUpload>> | undefined;
      let sheet: Awaited<ReturnType<typeof openSheet>>;
      try {
        upload = await receiveUpload(request);
        sheet = await openSheet(upload, kind);
        const { missing } = mapHeader(sheet.header, handler.columns, LANGUAGES.map(translator));
        if (missing.length) {
          const columns = missing.map((c) => headerOf(t, c)).join(', ');
          throw new AppError(
            'VALIDATION',
            `This is not a ${kind} file: sheet "${sheet.sheetName}" lacks the columns ${missing.map((c) => c.field).join(', ')}.`,
            undefined,
            { key: 'imports.errors.missingColumns', params: { columns, sheet: sheet.sheetName } },
          );
        }
      } catch (error) {
        running = false;
        await upload?.remove();
        throw error;
      }

      const out = new PassThrough();
      const send = (event: ImportEvent) => {
        if (!out.destroyed && !out.writableEnded) out.write(`${JSON.stringify(event)}\n`);
      };
      const file = upload;
      // The import goes on if the client leaves: its result is in the report.
      void (async () => {
        let written = 0;
        try {
          const result = await runImport({
            db: app.db,
            mode,
            handler,
            sheet,
            fileName: file.name,
            language,
            actor: { ...request.actor(), userId: user.id },
            scope: provinceScope(user),
            batchSize: app.database.kind === 'pglite' ? 100 : 500,
            // PGlite runs one query at a time; PostgreSQL writes two batches side by side.
            writers: app.database.kind === 'pglite' ? 1 : 2,
            onProgress: (rows, fraction) => {
              send({ type: 'progress', rows, fraction: Math.round(fraction * 1000) / 1000 });
            },
          });
          written = result.summary.written;
          const reportId = await saveReport(app.db, {
            kind,
            mode,
            fileName: file.name,
            language,
            summary: result.summary,
            content: result.report,
            createdBy: user.id,
          });
          send({
            type: 'done',
            mode,
            summary: result.summary,
            errors: result.errors,
            more_errors: result.moreErrors,
            report_id: reportId,
          });
        } catch (error) {
          request.log.error({ err: error }, 'import failed');
          send({ type: 'failed', message: t('imports.errors.failed'), written });
        } finally {
          running = false;
          await file.remove();
          out.end();
        }
      })();
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(out);
    },
  );

  app.get('/imports/:kind/reports', { schema: { params: kindParams }, config }, async (request) => ({
    data: await listReports(app.db, request.params.kind),
  }));

  app.get('/imports/reports/:id', { schema: { params: idParams }, config }, async (request, reply) => {
    const report = await findReport(app.db, request.params.id);
    if (!report) throw AppError.notFound('The import report');
    const name = `${report.kind}_${report.mode === 'check' ? 'check' : 'import'}_report_${stamp()}.xlsx`;
    return reply
      .header('content-type', XLSX)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(Buffer.from(report.content));
  });
};
