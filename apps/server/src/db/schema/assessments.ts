import {
  ASSESSMENT_STATUSES,
  BIRTH_YEAR_MIN,
  EDUCATION_LEVELS,
  EXPERIENCE_BANDS,
  GENDERS,
  MARITAL_STATUSES,
  PRIORITIES,
} from '@tna/domain';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { departments, positions, trainings } from './catalogue.js';
import { inList } from './check.js';
import { adminUnits, healthFacilities } from './geography.js';
import { users } from './users.js';

/**
 * A form number as typed in any digits (Persian, Arabic-Indic, Latin) and case: the key under which an
 * import finds a form it already holds (the same as `toLatinDigits(v).toLowerCase()` in @tna/domain).
 */
export function formNoKey(formNo: AnyPgColumn): SQL {
  return sql`lower(translate(${formNo}, '۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩', '01234567890123456789'))`;
}

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
    // Sort keys of the sortable text columns (tna_sort_key(), migration 0024: natural numbers, the
    // Dari/Pashto alphabet; COLLATE "C" there), for the sort indexes: PostgreSQL reads a page of a
    // sorted list off the index alone only when the sort key is a column of it (an index on
    // lower(name) made it visit the table for every row it skipped: 0.2 s at row 22,000).
    nameKey: text('name_key').generatedAlwaysAs(sql`tna_sort_key(name)`),
    fathernameKey: text('fathername_key').generatedAlwaysAs(sql`tna_sort_key(fathername)`),
    partnerKey: text('partner_key').generatedAlwaysAs(sql`tna_sort_key(implementing_organization)`),
    // The duplicate check's keys, written with every insert and edit by @tna/domain's tazkiraKey and
    // nameKey (see duplicateKeys in the assessments module): Persian and Arabic-Indic digits, letter
    // forms, case, spacing and separators folded, so `۱۲۳۴` and `1234` are one tazkira. Kept in
    // columns so that an index finds them: the folded expressions over the raw columns read the
    // whole table on every submit. Null only for rows written straight by SQL until startup fills it.
    tazkiraKey: text('tazkira_key'),
    /** nameKey(name) and nameKey(fathername), joined by U+001F (no typed name holds a control character). */
    personKey: text('person_key'),
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
    // The review lists show a status newest first, a page at a time, searched by the job province,
    // district (which implies its province) or facility: each search reads its page off one index
    // already in order, however deep the page.
    index('assessments_status_id_idx').on(t.status, t.id),
    index('assessments_status_province_id_idx').on(t.status, t.jobProvinceId, t.id),
    // These two also carry the province (and district) for searches by several of them: INCLUDE is
    // added by migration 0015, written by hand since Drizzle cannot write it.
    index('assessments_status_district_id_idx').on(t.status, t.jobDistrictId, t.id),
    index('assessments_status_hospital_id_idx').on(t.status, t.hospitalId, t.id),
    // The lists sorted by one of the form's own columns (the sortable headers), ties by id: a page is
    // read off the index in order instead of sorting a status's 450,000 rows (0.25-0.4 s) per page.
    index('assessments_status_name_idx').on(t.status, t.nameKey, t.id),
    index('assessments_status_fathername_idx').on(t.status, t.fathernameKey, t.id),
    index('assessments_status_birth_year_idx').on(t.status, t.birthYear, t.id),
    index('assessments_status_partner_idx').on(t.status, t.partnerKey, t.id),
    index('assessments_status_phone_idx').on(t.status, t.phone, t.id),
    index('assessments_status_created_idx').on(t.status, t.createdAt, t.id),
    // The same within a province (the search screens require one): Kabul's 50,000 NEW forms were read
    // and sorted for every page (100-270 ms).
    index('assessments_status_province_name_idx').on(t.status, t.jobProvinceId, t.nameKey, t.id),
    index('assessments_status_province_fathername_idx').on(t.status, t.jobProvinceId, t.fathernameKey, t.id),
    index('assessments_status_province_birth_year_idx').on(t.status, t.jobProvinceId, t.birthYear, t.id),
    index('assessments_status_province_partner_idx').on(t.status, t.jobProvinceId, t.partnerKey, t.id),
    index('assessments_status_province_phone_idx').on(t.status, t.jobProvinceId, t.phone, t.id),
    index('assessments_status_province_created_idx').on(t.status, t.jobProvinceId, t.createdAt, t.id),
    // My Assessments: a user's forms of a status newest first, a page read off the index in order
    // (a user with 8,000 forms had them all read and sorted for every page: 30 ms).
    index('assessments_creator_status_created_idx').on(t.createdBy, t.status, t.createdAt, t.id),
    // The duplicate check: the same tazkira, or the same person (name, father's name, birth year)
    // in the same facility.
    index('assessments_tazkira_key_idx').on(t.tazkiraKey),
    index('assessments_person_key_idx').on(t.personKey, t.birthYear, t.hospitalId),
    // An import recognises a form it already holds by form number and tazkira: its rows are looked up
    // by the form number as typed in any digits and case (the tazkira is compared after).
    index('assessments_form_no_key_idx').on(formNoKey(t.formNo)),
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
 * How many assessments each status has, kept by statement triggers on `assessments` in the same
 * transaction as every insert, move and delete (migration 0008). Each row is one filter the lists and
 * the dashboard ask for, 0 meaning "any": (status, 0, 0, 0, 0) is a status's total, (status, p, 0, 0,
 * 0) a province's, (status, p, d, 0, 0) a district's, (status, p, d, h, 0) a facility's in its place,
 * (status, 0, 0, h, 0) a facility's wherever it is, (status, 0, 0, 0, dep) a department's. A total
 * is then one primary-key read instead of a count over a million rows.
 */
export const assessmentTallies = pgTable(
  'assessment_tallies',
  {
    status: text().notNull(),
    provinceId: integer('province_id').notNull(),
    districtId: integer('district_id').notNull(),
    hospitalId: integer('hospital_id').notNull(),
    departmentId: integer('department_id').notNull(),
    n: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.status, t.provinceId, t.districtId, t.hospitalId, t.departmentId] }),
    // The dashboard's figures read whole shapes (every status's total, every province's, every
    // department's), which the primary key, led by the status, cannot find without reading the whole
    // table: under steady writes, whose updates leave old row versions until autovacuum visits, the
    // status figures read 260 pages in 4.8 ms where this index reads 6 in 0.3 (bench/README.md,
    // 2026-12-03, sixth session). Only `n` changes on a write, so the updates stay HOT.
    index('assessment_tallies_shape_idx').on(t.districtId, t.hospitalId, t.provinceId, t.departmentId, t.status),
  ],
);

/**
 * How many forms of a status each block of 1,024 ids holds, over every province (province_id 0) and
 * per province, kept by triggers (migration 0026) like assessment_tallies. A deep page newest first
 * finds its block by summing these rows instead of counting the list, so its position is exact after
 * every write with nothing kept in memory (issue 12 §3).
 */
export const assessmentBlocks = pgTable(
  'assessment_blocks',
  {
    status: text().notNull(),
    provinceId: integer('province_id').notNull(),
    block: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.status, t.provinceId, t.block] })],
);
