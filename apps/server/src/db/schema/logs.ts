import { AUDIT_EVENTS } from '@tna/domain';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { inList } from './check.js';
import { users } from './users.js';

/**
 * The audit trail (SPEC 3 "Audit log entry"): one row per create, update and delete, written in the
 * same transaction as the change. Never holds a password or a token.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text().notNull(),
    auditableType: text('auditable_type').notNull(),
    auditableId: text('auditable_id').notNull(),
    oldValues: jsonb('old_values').$type<Record<string, unknown>>(),
    newValues: jsonb('new_values').$type<Record<string, unknown>>(),
    url: text(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('audit_logs_event_check', inList(t.event, AUDIT_EVENTS)),
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_auditable_idx').on(t.auditableType, t.auditableId),
    index('audit_logs_user_idx').on(t.userId),
  ],
);

/** Server errors (5xx) as they happened, for the Error Logs screen. */
export const errorLogs = pgTable(
  'error_logs',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    method: text(),
    route: text(),
    url: text(),
    statusCode: integer('status_code'),
    message: text().notNull(),
    stack: text(),
    userId: integer('user_id'),
    requestId: text('request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('error_logs_created_idx').on(t.createdAt)],
);
