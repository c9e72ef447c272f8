import { LANGUAGES, ROLES } from '@tna/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { inList } from './check.js';
import { users } from './users.js';

/**
 * Accounts people ask for on the Register page. An admin accepts one (choosing its role), which
 * creates the user, or refuses it; until then the person cannot sign in.
 */
export const accountRequests = pgTable(
  'account_requests',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text().notNull().default('pending'),
    role: text(),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The language of the Register page the request came from: the mails about it are in it. */
    language: text().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('account_requests_status_check', inList(t.status, ['pending', 'accepted', 'refused'])),
    check('account_requests_role_check', sql`${t.role} IS NULL OR ${inList(t.role, ROLES)}`),
    check('account_requests_language_check', inList(t.language, LANGUAGES)),
    index('account_requests_email_idx').on(sql`lower(${t.email})`, t.status),
  ],
);

/**
 * Password reset requests from the Forgot Password page. An admin creates a one-time link (only the
 * hash of its token is kept) that expires after an hour and works once.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text().notNull().default('open'),
    tokenHash: text('token_hash').unique(),
    linkCreatedBy: integer('link_created_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The language of the Forgot Password page the request came from: the link is mailed in it. */
    language: text().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('password_resets_status_check', inList(t.status, ['open', 'link_created', 'used', 'closed'])),
    check('password_resets_language_check', inList(t.language, LANGUAGES)),
    index('password_resets_user_idx').on(t.userId, t.status),
  ],
);
