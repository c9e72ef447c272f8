import {
  ASSESSMENT_STATUSES,
  assessmentDataSchema,
  assessmentUpdateDataSchema,
  changeStatusSchema,
  duplicateCheckSchema,
  type FieldErrors,
  fieldErrorsOf,
  prioritiesSchema,
} from '@tna/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ReadCache } from '../../db/read-cache.js';
import { AppError } from '../../lib/app-error.js';
import { pageQuery, toPage } from '../../lib/paging.js';
import { idParams } from '../../lib/params.js';
import { requireUser } from '../../plugins/auth.js';
import { multipartFormParser } from '../../plugins/limits.js';
import type { AuthUser } from '../auth/auth.repository.js';
import { keptReferences } from './assessment-references.js';
import { countMyForms, findAssessmentDto, pageMyForms } from './assessments.repository.js';
import { canRead, changeStatus, createAssessment, updateAssessment } from './assessments.service.js';
import { checkDuplicates } from './duplicates.service.js';
import { type FormPart, readHistories, readPriorities } from './form-parts.repository.js';

function json(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    throw AppError.field(field, 'validation.pattern');
  }
}

/**
 * The submit of SPEC 7: multipart (or JSON) with `data` (the form fields as JSON) and `priorities`
 * (a JSON list of {department, training, priority}). Field errors come back under the fields' own
 * names, and `priorities.N.training` for a line.
 */
function parseSubmission<D extends z.ZodType>(
  body: unknown,
  dataSchema: D,
): { data: z.infer<D>; priorities: z.infer<typeof prioritiesSchema> } {
  const raw = (body ?? {}) as Record<string, unknown>;
  const data = dataSchema.safeParse(json(raw.data, 'data') ?? {});
  const priorities = prioritiesSchema.safeParse(json(raw.priorities, 'priorities') ?? []);
  const errors: FieldErrors = {};
  if (!data.success) Object.assign(errors, fieldErrorsOf(data.error));
  if (!priorities.success) {
    for (const [k, v] of Object.entries(fieldErrorsOf(priorities.error)))
      errors[k === '_form' ? 'priorities' : `priorities.${k}`] = v;
  }
  if (Object.keys(errors).length) throw AppError.validation(errors);
  return { data: data.data as z.infer<D>, priorities: priorities.data! };
}

const statusParams = z.object({ status: z.enum(ASSESSMENT_STATUSES) });

export const assessmentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // How many forms of a status each user entered (My Assessments' total), kept until the assessments
  // change (at most five minutes), like the lists' pages.
  const myTotals = new ReadCache<number>(app.caches, app.database.changes, 'my-totals', ['assessments'], 300_000);
  // Multipart forms are read by our own parser, from the stream the request-size limit counts.
  app.addContentTypeParser('multipart/form-data', multipartFormParser);

  app.post('/tnas', { config: { permission: 'tna.create' } }, async (request, reply) => {
    const user = requireUser(request);
    const { data, priorities } = parseSubmission(request.body, assessmentDataSchema);
    const key = request.headers['idempotency-key'];
    const result = await createAssessment(
      app.db,
      app.reference,
      user,
      { ...request.actor(), userId: user.id },
      data,
      priorities,
      typeof key === 'string' && key.length <= 200 ? key : null,
      await keptReferences(app.reference),
    );
    if (result.replayed) reply.header('idempotent-replayed', 'true');
    return { success: result.assessment };
  });

  app.post('/tnas/update', { config: { permission: 'tna.edit' } }, async (request) => {
    const user = requireUser(request);
    const { data, priorities } = parseSubmission(request.body, assessmentUpdateDataSchema);
    return {
      success: await updateAssessment(
        app.db,
        app.reference,
        user,
        request.actor(),
        data.id,
        data.version,
        data,
        priorities,
        await keptReferences(app.reference),
      ),
    };
  });

  app.post(
    '/tnas/changestatus',
    { schema: { body: changeStatusSchema }, config: { permission: 'tna.details' } },
    async (request) => ({
      success: await changeStatus(app.db, app.reference, requireUser(request), request.actor(), request.body),
    }),
  );

  app.post(
    '/tnas/duplicates',
    { schema: { body: duplicateCheckSchema }, config: { permission: 'tna.create', readOnly: true } },
    async (request) => ({ data: await checkDuplicates(app.db, requireUser(request), request.body) }),
  );

  app.get(
    '/tnas/bystaffid/:id',
    { schema: { params: idParams }, config: { permission: 'tna.details' } },
    async (request) => {
      // One read: the form with its names, then whether this user may see it (404 if not).
      const found = await findAssessmentDto(app.db, app.reference, request.params.id);
      const facts = found && {
        status: found.status,
        createdBy: found.created_by,
        jobProvinceId: found.temp_province_id,
      };
      if (!facts || !canRead(requireUser(request), facts)) {
        throw AppError.notFound('The assessment');
      }
      return { data: found };
    },
  );

  // The form's priorities and histories, each in one statement with the facts of the form that say who
  // may read it (see form-parts.repository.ts); answered only to a reader who may see the form (404
  // otherwise, as for the details).
  const part = <T>(found: FormPart<T> | null, user: AuthUser): T[] => {
    if (!found || !canRead(user, found.form)) throw AppError.notFound('The assessment');
    return found.rows;
  };
  app.get(
    '/tnas/priorities/bystaffid/:id',
    { schema: { params: idParams }, config: { permission: 'tna.details' } },
    async (request) => ({
      data: part(await readPriorities(app.db, request.params.id), requireUser(request)),
    }),
  );

  app.get(
    '/tnas/histories/bystaffid/:id',
    { schema: { params: idParams }, config: { permission: 'tna.details' } },
    async (request) => ({
      data: part(await readHistories(app.db, request.params.id), requireUser(request)),
    }),
  );

  /** The caller's own forms of a status (SPEC 7: used with NEW), paged. */
  app.get(
    '/tnas/myforms/:status',
    { schema: { params: statusParams, querystring: z.object(pageQuery) }, config: { permission: 'tna.myforms' } },
    async (request) => {
      const user = requireUser(request);
      const { page, per_page } = request.query;
      const { status } = request.params;
      const count = await myTotals.get(`${user.id}|${status}`, () => countMyForms(app.db, user.id, status));
      const { rows, total } = await pageMyForms(app.db, app.reference, user.id, status, page, per_page, count);
      return { data: toPage(request, rows, total, page, per_page) };
    },
  );
};
