import { ADMIN_UNIT_TYPES, FACILITY_STATUSES, FACILITY_TYPE_VALUES } from '@tna/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { inList } from './check.js';

/**
 * Provinces and districts in one table (SPEC 3: a district's parent_id is its province). `code` is the
 * official AGCHO P-code (AF01, AF0101); districts added by an admin may have none.
 */
export const adminUnits = pgTable(
  'admin_units',
  {
    id: serial().primaryKey(),
    type: text().notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => adminUnits.id, { onDelete: 'restrict' }),
    code: text().unique(),
    nameEn: text('name_en').notNull(),
    nameFa: text('name_fa'),
    namePs: text('name_ps'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('admin_units_type_check', inList(t.type, ADMIN_UNIT_TYPES)),
    check(
      'admin_units_parent_check',
      sql`(${t.type} = 'province' AND ${t.parentId} IS NULL) OR (${t.type} = 'district' AND ${t.parentId} IS NOT NULL)`,
    ),
    index('admin_units_parent_idx').on(t.parentId),
  ],
);

export const healthFacilities = pgTable(
  'health_facilities',
  {
    id: serial().primaryKey(),
    code: text(),
    name: text().notNull(),
    type: text().notNull(),
    provinceId: integer('province_id')
      .notNull()
      .references(() => adminUnits.id, { onDelete: 'restrict' }),
    districtId: integer('district_id')
      .notNull()
      .references(() => adminUnits.id, { onDelete: 'restrict' }),
    status: text().notNull().default('Existing'),
    isHerHf: boolean('is_her_hf').notNull().default(false),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('health_facilities_type_check', inList(t.type, FACILITY_TYPE_VALUES)),
    check('health_facilities_status_check', inList(t.status, FACILITY_STATUSES)),
    check('health_facilities_latitude_check', sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
    check('health_facilities_longitude_check', sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
    index('health_facilities_province_idx').on(t.provinceId),
    index('health_facilities_district_idx').on(t.districtId),
  ],
);
