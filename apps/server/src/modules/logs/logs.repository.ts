import type { AuditEntryDto } from '@tna/domain';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { auditLogs, errorLogs, users } from '../../db/schema/index.js';

export interface AuditFilter {
  user_id?: number | undefined;
  model?: string | undefined;
  model_id?: string | undefined;
  event?: string | undefined;
  /** Inclusive start day, YYYY-MM-DD (UTC). */
  from?: string | undefined;
  /** Inclusive end day, YYYY-MM-DD (UTC). */
  to?: string | undefined;
}

function whereOf(f: AuditFilter): SQL | undefined {
  const dayAfter = (day: string) => new Date(new Date(`${day}T00:00:00Z`).getTime() + 86_400_000);
  return and(
    f.user_id ? eq(auditLogs.userId, f.user_id) : undefined,
    f.model ? eq(auditLogs.auditableType, f.model) : undefined,
    f.model_id ? eq(auditLogs.auditableId, f.model_id) : undefined,
    f.event ? eq(auditLogs.event, f.event) : undefined,
    f.from ? gte(auditLogs.createdAt, new Date(`${f.from}T00:00:00Z`)) : undefined,
    f.to ? lt(auditLogs.createdAt, dayAfter(f.to)) : undefined,
  );
}

/** The audit trail, newest first, one page at a time, with the acting user's name. */
export async function pageAuditEntries(
  db: Executor,
  filter: AuditFilter,
  page: number,
  perPage: number,
): Promise<{ rows: AuditEntryDto[]; total: number }> {
  const where = whereOf(filter);
  const rows = await db
    .select({
      id: auditLogs.id,
      user_id: auditLogs.userId,
      user_name: users.name,
      event: auditLogs.event,
      auditable_type: auditLogs.auditableType,
      auditable_id: auditLogs.auditableId,
      old_values: auditLogs.oldValues,
      new_values: auditLogs.newValues,
      url: auditLogs.url,
      ip_address: auditLogs.ipAddress,
      user_agent: auditLogs.userAgent,
      created_at: auditLogs.createdAt,
    })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.userId))
    .where(where)
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db.select({ n: count() }).from(auditLogs).where(where);
  return {
    rows: rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    total: total?.n ?? 0,
  };
}

/** A row of GET /logs/error-logs. */
export interface ErrorLogDto {
  id: number;
  created_at: string;
  method: string | null;
  route: string | null;
  url: string | null;
  status_code: number | null;
  message: string;
  stack: string | null;
  user_id: number | null;
  request_id: string | null;
}

/** The server errors as they were recorded, newest first, one page at a time. */
export async function pageErrorLogs(
  db: Executor,
  page: number,
  perPage: number,
): Promise<{ rows: ErrorLogDto[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(errorLogs)
      .orderBy(desc(errorLogs.createdAt), desc(errorLogs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(errorLogs),
  ]);
  return {
    rows: rows.map((e) => ({
      id: e.id,
      created_at: e.createdAt.toISOString(),
      method: e.method,
      route: e.route,
      url: e.url,
      status_code: e.statusCode,
      message: e.message,
      stack: e.stack,
      user_id: e.userId,
      request_id: e.requestId,
    })),
    total: total?.n ?? 0,
  };
}

/** One server error, as the error handler recorded it (its texts already scrubbed and capped). */
export async function insertErrorLog(db: Executor, entry: typeof errorLogs.$inferInsert): Promise<void> {
  await db.insert(errorLogs).values(entry);
}
