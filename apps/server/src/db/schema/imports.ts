import { IMPORT_KINDS, IMPORT_MODES } from '@tna/domain';
import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { inList } from './check.js';
import { users } from './users.js';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * The result of an import or of its dry run: counts, and the report as an XLSX workbook (every row
 * with what became of it and its errors), kept a week for the admin to download. Stored in the
 * database so that any server instance can hand it out.
 */
export const importReports = pgTable(
  'import_reports',
  {
    id: serial().primaryKey(),
    kind: text().notNull(),
    mode: text().notNull(),
    fileName: text('file_name').notNull(),
    language: text().notNull(),
    summary: jsonb().$type<Record<string, number>>().notNull(),
    content: bytea().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('import_reports_kind_check', inList(t.kind, IMPORT_KINDS)),
    check('import_reports_mode_check', inList(t.mode, IMPORT_MODES)),
    index('import_reports_created_idx').on(t.createdAt),
    check('import_reports_size_check', sql`octet_length(${t.content}) < 64 * 1024 * 1024`),
  ],
);
