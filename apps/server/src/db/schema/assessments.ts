import {
  ASSESSMENT_STATUSES,
  BIRTH_YEAR_MIN,
  EDUCATION_LEVELS,
  EXPERIENCE_BANDS,
  GENDERS,
  MARITAL_STATUSES,
  PRIORITIES,
} from '@tna/domain';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { departments, positions, trainings } from './catalogue.js';
import { inList } from './check.js';
import { adminUnits, healthFacilities } from './geography.js';
import { users } from './users.js';

/**
 * A training needs assessment of one health worker (SPEC 3 "Assessment"). Column names are plain;
 * the API keeps the spec's spellings (perminent_province_id, temp_province_id, ...) and the
 * assessments module maps between them:
 *   perminent_* -> perm_*, temp_province_id/temp_district_id -> job_*, temp_address_details ->
 *   current_address, job_address -> job_address, hospital_id -> hospital_id.
 */
export const assessments = pgTable(
  'assessments',
  {
    id: serial().primaryKey(),
    assessmentDate: date('assessment_date', { mode: 'string' }).notNull(),
    formNo: text('form_no').notNull(),
    hrId: text('hr_id'),
    name: text().notNull(),
    lastname: text().notNull(),
    fathername: text().notNull(),
    birthYear: integer('birth_year').notNull(),
    permProvinceId: integer('perm_province_id')
      .notNull()
      .references(() => adminUnits.id, { onDelete: 'restrict' }),
    permDistrictId: integer('perm_district_id')
      .notNull()
      .references(() => adminUnits.id, { onDelete: 'restrict' }),
    permAddress: text('perm_address').notNull(),
    jobProvinceId: integer('job_province_id')
      .notNull()
      .references(() => adminUnits.id, { onDelete: 'restrict' }),
    jobDistrictId: integer('job_district_id')
      .notNull()
      .references(() => adminUnits.id, { onDelete: 'restrict' }),
    hospitalId: integer('hospital_id')
      .notNull()
      .references(() => healthFacilities.id, { onDelete: 'restrict' }),
    jobAddress: text('job_address').notNull(),
    currentAddress: text('current_address').notNull(),
    maritalStatus: text('marital_status').notNull(),
    gender: text().notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'restrict' }),
    educationLevel: text('education_level').notNull(),
    educationField: text('education_field').notNull(),
    graduatedUniversity: text('graduated_university').notNull(),
    experience: text().notNull(),
    implementingOrganization: text('implementing_organization').notNull(),
    phone: text().notNull(),
    tazkira: text().notNull(),
    remarks: text(),
    status: text().notNull().default('NEW'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Optimistic locking: every edit names the version it was based on and bumps it. */
    version: integer().notNull().default(1),
  },
  (t) => [
    check('assessments_status_check', inList(t.status, ASSESSMENT_STATUSES)),
    check('assessments_marital_status_check', inList(t.maritalStatus, MARITAL_STATUSES)),
    check('assessments_gender_check', inList(t.gender, GENDERS)),
    check('assessments_education_level_check', inList(t.educationLevel, EDUCATION_LEVELS)),
    check('assessments_experience_check', inList(t.experience, EXPERIENCE_BANDS)),
    check('assessments_birth_year_check', sql`${t.birthYear} >= ${sql.raw(String(BIRTH_YEAR_MIN))}`),
    // The review lists filter by status and the job place; My Assessments by creator and status.
    index('assessments_status_province_idx').on(t.status, t.jobProvinceId, t.jobDistrictId, t.hospitalId),
    index('assessments_creator_status_idx').on(t.createdBy, t.status),
    // The review lists show a status newest first, a page at a time.
    index('assessments_status_id_idx').on(t.status, t.id),
    index('assessments_tazkira_idx').on(t.tazkira),
  ],
);

/** One ranked training need of an assessment (SPEC 3 "Priority line"). */
export const assessmentPriorities = pgTable(
  'assessment_priorities',
  {
    id: serial().primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'restrict' }),
    priority: integer().notNull(),
  },
  (t) => [
    check('assessment_priorities_priority_check', inList(t.priority, PRIORITIES)),
    unique('assessment_priorities_training_unique').on(t.assessmentId, t.trainingId),
    index('assessment_priorities_training_idx').on(t.trainingId),
  ],
);

/** A status move of an assessment (SPEC 3 "History entry"); the first entry has no from_status. */
export const assessmentHistories = pgTable(
  'assessment_histories',
  {
    id: serial().primaryKey(),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => assessments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    remarks: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'assessment_histories_from_check',
      sql`${t.fromStatus} IS NULL OR ${inList(t.fromStatus, ASSESSMENT_STATUSES)}`,
    ),
    check('assessment_histories_to_check', inList(t.toStatus, ASSESSMENT_STATUSES)),
    index('assessment_histories_assessment_idx').on(t.assessmentId),
    index('assessment_histories_user_idx').on(t.userId, t.toStatus),
  ],
);

/**
 * Idempotency keys of assessment submits: a retry with the same key (after a dropped connection)
 * answers the first result and creates nothing. Kept per user.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: serial().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    assessmentId: integer('assessment_id').references(() => assessments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('idempotency_keys_user_key_unique').on(t.userId, t.key)],
);

/**
 * How many assessments each status has per place, facility and department, kept by a trigger on
 * `assessments` in the same transaction as every insert, move and delete (migration 0006). The lists'
 * totals and the dashboard's figures read these few thousand rows instead of counting a million.
 */
export const assessmentCounts = pgTable(
  'assessment_counts',
  {
    status: text().notNull(),
    jobProvinceId: integer('job_province_id').notNull(),
    jobDistrictId: integer('job_district_id').notNull(),
    hospitalId: integer('hospital_id').notNull(),
    departmentId: integer('department_id').notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.jobProvinceId, t.jobDistrictId, t.hospitalId, t.departmentId] })],
);
