import {
  ASSESSMENT_STATUSES,
  assessmentFieldsSchema,
  LIST_ACTION_BY_STATUS,
  PERMISSIONS,
  PRIORITIES,
} from '@tna/domain';
import { z } from 'zod';
import { type RouteDoc, xlsx } from './route-doc.js';
import {
  assessment,
  assessmentRow,
  auditEntry,
  errorLogEntry,
  history,
  list,
  one,
  page,
  priority,
  restrictedDuplicate,
  success,
} from './schemas.js';

/** SPEC 6's tiles: who may read the list of each status. */
const listRoles = `Roles by status: ${ASSESSMENT_STATUSES.map((s) => `${s}: ${PERMISSIONS[LIST_ACTION_BY_STATUS[s]].join(', ')}`).join('; ')}.`;

const statusFigure = z.object({ status: z.enum(ASSESSMENT_STATUSES), total: z.number().int() });
const provinceFigure = z.object({
  id: z.number().int(),
  name: z.string(),
  name_fa: z.string().nullable(),
  name_ps: z.string().nullable(),
  number: z.number().int(),
});
const departmentFigure = z.object({
  id: z.number().int(),
  name: z.string(),
  name_dr: z.string().nullable(),
  name_pa: z.string().nullable(),
  number: z.number().int(),
});
const coreStats = z.object({
  assessments: z.number().int(),
  approved: z.number().int(),
  awaiting_review: z.number().int(),
  rejected: z.number().int(),
  provinces_covered: z.number().int(),
  facilities_covered: z.number().int(),
  health_facilities: z.number().int(),
  trainings: z.number().int(),
  users: z.number().int(),
});
const breakdown = z.array(z.object({ key: z.string().nullable(), number: z.number().int() }));
const trainingRank = z.object({
  id: z.number().int(),
  title_en: z.string(),
  title_dr: z.string().nullable(),
  title_pa: z.string().nullable(),
  department: z.string(),
  department_dr: z.string().nullable(),
  department_pa: z.string().nullable(),
  score: z.number().int().describe('Priority 1 weighs 5, priority 5 weighs 1'),
  requests: z.number().int(),
  first_choice: z.number().int(),
});

/** SPEC 7's submit: `data` (the form's fields as JSON text) and `priorities` (a JSON list), multipart or JSON. */
const submission = (extra: z.ZodRawShape) => ({
  schema: z.object({
    data: z
      .string()
      .describe(
        `JSON of the form's fields: ${Object.keys({ ...assessmentFieldsSchema.shape, ...extra }).join(', ')} (hr_id and remarks optional). An object is accepted too.`,
      ),
    priorities: z
      .string()
      .describe(
        `JSON list of {department, training, priority (${PRIORITIES.join('-')})}, at least one line, no training twice. A list is accepted too.`,
      ),
  }),
  contentTypes: ['multipart/form-data', 'application/json'],
});

/** Assessments, review lists, figures and logs, by method and path as Fastify registers them. */
export const ASSESSMENT_ROUTES: Record<string, RouteDoc> = {
  'POST /api/tnas': {
    tag: 'Assessments',
    summary: 'Record an assessment (SPEC 7 submit)',
    description:
      'With an `Idempotency-Key` header, a retry answers the first result (header `idempotent-replayed: true`) and creates nothing.',
    answer: success(assessment),
    body: submission({}),
    errors: [409],
  },
  'POST /api/tnas/update': {
    tag: 'Assessments',
    summary: 'Correct a NEW or REJECTED assessment',
    description:
      "`data` also carries `id`, and optionally the `version` it was based on: with one, a stale version answers 409; without one (the spec's client) the edit applies as it is. A field left out of `data` that is optional (`hr_id`, `remarks`) keeps its value.",
    answer: success(assessment),
    body: submission({ id: z.number(), version: z.number().optional() }),
    errors: [404, 409],
  },
  'POST /api/tnas/changestatus': {
    tag: 'Assessments',
    summary: 'Approve, reject, send back or archive (with remarks)',
    answer: success(assessment),
    errors: [404, 409],
  },
  'POST /api/tnas/duplicates': {
    tag: 'Assessments',
    summary: 'Forms with the same tazkira, or the same person in the same facility',
    description:
      'A form the caller may not open is told only by where it was entered (restricted: true), so they know whom to ask.',
    answer: list(z.union([assessmentRow, restrictedDuplicate])),
  },
  'GET /api/tnas/bystaffid/:id': { tag: 'Assessments', summary: 'One assessment', answer: one(assessment) },
  'GET /api/tnas/priorities/bystaffid/:id': {
    tag: 'Assessments',
    summary: "An assessment's priority lines",
    answer: list(priority),
  },
  'GET /api/tnas/histories/bystaffid/:id': {
    tag: 'Assessments',
    summary: "An assessment's approval history",
    answer: list(history),
  },
  'GET /api/tnas/myforms/:status': {
    tag: 'Assessments',
    summary: "The caller's own forms of a status, paged",
    answer: page(assessmentRow),
  },
  'GET /api/tnas/bystatus/:status': {
    tag: 'Review lists',
    description: listRoles,
    summary: 'A review list by status, paged and sorted across all pages',
    answer: page(assessmentRow),
    errors: [403],
  },
  'POST /api/tnas/search': {
    tag: 'Review lists',
    description: listRoles,
    summary: 'SPEC 7 search by province, district and facility',
    answer: page(assessmentRow),
    errors: [403],
  },
  'GET /api/tnas/all/bystatus/:status': {
    tag: 'Review lists',
    description: listRoles,
    summary: 'Every row of a list, streamed (SPEC 7)',
    answer: list(assessmentRow),
  },
  'GET /api/tnas/export/:status': {
    tag: 'Review lists',
    description: listRoles,
    summary: 'The list as an Excel file (sheet `data`)',
    answer: xlsx('`{prefix}_export_{timestamp}.xlsx`, one row a form with its priority lines'),
  },

  'GET /api/tnas/status/figures': { tag: 'Dashboard', summary: 'Forms per status', answer: list(statusFigure) },
  'GET /api/tnas/byprovince/figures': {
    tag: 'Dashboard',
    summary: 'Forms per province (archived left out)',
    answer: list(provinceFigure),
  },
  'GET /api/tnas/bydepartment/figures': {
    tag: 'Dashboard',
    summary: 'Forms per department (archived left out)',
    answer: list(departmentFigure),
  },
  'GET /api/stats/core': { tag: 'Dashboard', summary: 'Headline counts', answer: one(coreStats) },
  'GET /api/performance/bydataentry': {
    tag: 'Performance',
    summary: 'Forms each user entered',
    answer: list(z.object({ id: z.number().int(), name: z.string(), staff_count: z.number().int() })),
  },
  'GET /api/performance/byvalidation': {
    tag: 'Performance',
    summary: 'Status moves each reviewer made',
    answer: list(
      z.object({
        id: z.number().int(),
        name: z.string(),
        to_status: z.enum(ASSESSMENT_STATUSES),
        tna_count: z.number().int(),
      }),
    ),
  },
  'GET /api/analytics/config': {
    tag: 'Analytics',
    summary: 'The embedded dashboard, when one is configured',
    answer: one(z.object({ embed_url: z.string().nullable() })),
  },
  'GET /api/analytics/summary': {
    tag: 'Analytics',
    summary: 'Forms by status, province, gender, education and experience',
    answer: one(
      z.object({
        status: breakdown,
        province: breakdown,
        gender: breakdown,
        education_level: breakdown,
        experience: breakdown,
      }),
    ),
  },
  'GET /api/analytics/trainings': {
    tag: 'Analytics',
    summary: 'The trainings asked for most, weighted by priority',
    answer: list(trainingRank),
  },
  'GET /api/analytics/trainings/export': {
    tag: 'Analytics',
    summary: 'The ranking as an Excel file',
    answer: xlsx('`training_needs_export_{timestamp}.xlsx`'),
  },

  'GET /api/logs/error-logs': {
    tag: 'Logs',
    summary: 'Server errors as recorded, newest first',
    answer: page(errorLogEntry),
  },
  'GET /api/logs/user-logs': { tag: 'Logs', summary: 'The audit trail, filterable', answer: page(auditEntry) },
};
