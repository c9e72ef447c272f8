import { TRAINING_FREQUENCIES, TRAINING_TYPES } from '@tna/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList } from './check.js';

/** SPEC 3 Department (name, remarks), with optional Dari and Pashto names for the forms in those languages. */
export const departments = pgTable(
  'departments',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    nameDr: text('name_dr'),
    namePa: text('name_pa'),
    remarks: text(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('departments_name_unique').on(sql`lower(${t.name})`)],
);

export const positions = pgTable(
  'positions',
  {
    id: serial().primaryKey(),
    titleEn: text('title_en').notNull(),
    titleDr: text('title_dr').notNull(),
    titlePa: text('title_pa').notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('positions_department_idx').on(t.departmentId)],
);

export const trainings = pgTable(
  'trainings',
  {
    id: serial().primaryKey(),
    titleEn: text('title_en').notNull(),
    titleDr: text('title_dr'),
    titlePa: text('title_pa'),
    trainingType: text('training_type').notNull(),
    frequency: text().notNull(),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('trainings_type_check', inList(t.trainingType, TRAINING_TYPES)),
    check('trainings_frequency_check', inList(t.frequency, TRAINING_FREQUENCIES)),
    index('trainings_department_idx').on(t.departmentId),
  ],
);

/** Which trainings serve which positions (SPEC 3: a position's trainings, a training's positions). */
export const positionTrainings = pgTable(
  'position_trainings',
  {
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id, { onDelete: 'cascade' }),
    trainingId: integer('training_id')
      .notNull()
      .references(() => trainings.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.positionId, t.trainingId] }),
    index('position_trainings_training_idx').on(t.trainingId),
  ],
);
