import type { AuditEvent } from '@tna/domain';
import { and, eq, getTableColumns, getTableName, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from './client.js';
import { auditLogs } from './schema/index.js';
import {
  concrete,
  isShaped,
  runShaped,
  runShapedSql,
  type Shaped,
  type Slot,
  shaped,
  shapedRows,
  shapeOf,
  slotsOf,
  valuesOf,
} from './shaped.js';
import { gatedTransaction } from './write-gate.js';

/** Who is acting, and through which request: written into every audit entry. */
export interface Actor {
  userId: number | null;
  url?: string | null;
  ip?: string | null;
  userAgent?: string | null;
  /** The caller's session, kept when their other sessions are revoked. */
  sessionId?: number | null;
}

/** Fields that never reach the audit trail. */
const SECRET_FIELDS = new Set(['password', 'password_hash', 'c_password', 'token', 'token_hash']);

type Values = Record<string, unknown>;

function snake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A row as the audit trail shows it: snake_case keys, no secrets, dates as ISO text. */
/** Columns computed from others (sort and duplicate keys): their change is already in the entry. */
const DERIVED_FIELDS = new Set(['name_key', 'fathername_key', 'partner_key', 'tazkira_key', 'person_key']);

export function auditSnapshot(row: Values): Values {
  const out: Values = {};
  for (const [k, v] of Object.entries(row)) {
    const key = snake(k);
    if (SECRET_FIELDS.has(key) || DERIVED_FIELDS.has(key) || key === 'created_at' || key === 'updated_at') continue;
    out[key] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Only the fields that changed, old and new. */
export function diff(oldRow: Values, newRow: Values): { old: Values; new: Values } {
  const o: Values = {};
  const n: Values = {};
  for (const key of new Set([...Object.keys(oldRow), ...Object.keys(newRow)])) {
    if (!same(oldRow[key], newRow[key])) {
      o[key] = oldRow[key] ?? null;
      n[key] = newRow[key] ?? null;
    }
  }
  return { old: o, new: n };
}

type TableWithId = PgTable & { id: PgColumn };

/** Writes as one statement: each but the last a data-modifying WITH (see AuditedTx.together). */
function withStatement(writes: SQLWrapper[]) {
  const last = writes.at(-1)!;
  const before = writes.slice(0, -1).map((w, i) => sql`${sql.raw(`w${i}`)} as (${w.getSQL()})`);
  return before.length ? sql`with ${sql.join(before, sql`, `)} ${last.getSQL()}` : last.getSQL();
}

/** Shaped writes as one shaped statement, each one's values named apart. */
function combined(writes: Shaped[]): Shaped {
  const values: Values = {};
  for (let i = 0; i < writes.length; i++) valuesOf(`w${i}.`, writes[i]!.values, values);
  return shaped(
    writes.map((w) => w.key).join('|'),
    (slot) => withStatement(writes.map((w, i) => w.build(((name: string) => slot(`w${i}.${name}`)) as Slot))),
    values,
  );
}

/**
 * The write side of a transaction. Every create, update and delete of an entity goes through it, so
 * that the change and its audit entry are written together or not at all. Repositories receive an
 * `AuditedTx` and have no other way to write.
 */
export class AuditedTx {
  constructor(
    readonly tx: Tx,
    readonly actor: Actor,
  ) {}

  /** Record an event; `extra` carries related data kept outside the row (e.g. a user's roles). */
  async record(
    event: AuditEvent,
    type: string,
    id: number | string,
    oldValues: Values | null,
    newValues: Values | null,
  ) {
    await this.together(this.entry(event, type, id, oldValues, newValues));
  }

  /** The insert of an audit entry, not yet run: to send with other writes (see `together`). */
  entry(event: AuditEvent, type: string, id: number | string, oldValues: Values | null, newValues: Values | null) {
    return this.entries([{ event, type, id, oldValues, newValues }]);
  }

  /** The insert of audit entries, built once per number of entries (see shaped.ts). */
  entries(
    list: {
      event: AuditEvent;
      type: string;
      id: number | string;
      oldValues: Values | null;
      newValues: Values | null;
    }[],
  ) {
    const rows = list.map((e) => ({
      userId: this.actor.userId,
      event: e.event,
      auditableType: e.type,
      auditableId: String(e.id),
      oldValues: e.oldValues,
      newValues: e.newValues,
      url: this.actor.url ?? null,
      ipAddress: this.actor.ip ?? null,
      userAgent: this.actor.userAgent ?? null,
    }));
    return shapedRows('audit', rows, (given) => this.tx.insert(auditLogs).values(given));
  }

  /**
   * Run writes that do not depend on one another as one statement (each but the last a
   * data-modifying WITH): one round trip to the database instead of one each; under load each round
   * trip costs the server's one thread a socket write that waits for a core (issue 12 §3, measured in
   * bench/README.md, "fewer round trips per write"). They all see the database as it was before the statement and
   * none sees another's rows, in whatever order PostgreSQL runs them: never a delete and an insert of
   * the same rows, nor a write that needs another's result. Answers the last one's RETURNING rows, their
   * columns named as in the database (drizzle's aliases apply to its own results only). When every
   * write is shaped, the statement's text is built once for their shapes together.
   */
  async together<R = Record<string, unknown>>(...writes: (SQLWrapper | Shaped)[]): Promise<R[]> {
    if (!writes.length) return [];
    if (writes.every(isShaped)) return runShapedSql<R>(this.tx, combined(writes));
    const statement = withStatement(writes.map((w) => (isShaped(w) ? concrete(w) : w)));
    const result = await this.tx.execute(statement);
    return (result as unknown as { rows: R[] }).rows;
  }

  /** Insert a row and audit it as created. */
  async insert<T extends TableWithId>(
    table: T,
    type: string,
    values: T['$inferInsert'],
    extra: Values = {},
  ): Promise<T['$inferSelect']> {
    const rows = (await this.tx.insert(table).values(values).returning()) as T['$inferSelect'][];
    const row = rows[0] as Values & { id: number };
    await this.record('created', type, row.id, null, { ...auditSnapshot(row), ...extra });
    return row as T['$inferSelect'];
  }

  /**
   * Insert rows in one statement and audit each as created, in one more: a batch of an import.
   * `extras[i]` goes with `values[i]`; rows are matched to their values by id, so give the ids.
   * `also` are writes sent with the audit entries (see `together`).
   */
  async insertMany<T extends TableWithId>(
    table: T,
    type: string,
    values: (T['$inferInsert'] & { id: number })[],
    extras: Values[] = [],
    also: (SQLWrapper | Shaped)[] = [],
  ): Promise<T['$inferSelect'][]> {
    if (!values.length) return [];
    const statement = shapedRows(`insert:${getTableName(table)}`, values, (given) =>
      this.tx.insert(table).values(given).returning(),
    );
    const rows = (isShaped(statement) ? await runShaped(this.tx, statement) : await statement) as (Values & {
      id: number;
    })[];
    const extraOf = new Map(values.map((v, i) => [v.id, extras[i] ?? {}]));
    const entries = this.entries(
      rows.map((row) => ({
        event: 'created' as const,
        type,
        id: row.id,
        oldValues: null,
        newValues: { ...auditSnapshot(row), ...extraOf.get(row.id) },
      })),
    );
    await this.together(entries, ...also);
    return rows as T['$inferSelect'][];
  }

  /**
   * Update a row by id and audit only the fields that changed (no entry when nothing changed).
   * `extraOld`/`extraNew` compare related data too (e.g. a position's trainings).
   */
  async update<T extends TableWithId>(
    table: T,
    type: string,
    id: number,
    patch: Partial<T['$inferInsert']>,
    extraOld: Values = {},
    extraNew: Values = {},
  ): Promise<T['$inferSelect'] | null> {
    const before = (await this.tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for('update')) as Values[];
    if (!before[0]) return null;
    return this.updateFrom(table, type, before[0] as T['$inferSelect'] & { id: number }, patch, extraOld, extraNew);
  }

  /**
   * `update` of a row the caller has already read and locked (`select ... for update` in this
   * transaction): one statement fewer. `also` are writes sent with the audit entry (see `together`).
   */
  async updateFrom<T extends TableWithId>(
    table: T,
    type: string,
    before: T['$inferSelect'] & { id: number },
    patch: Partial<T['$inferInsert']>,
    extraOld: Values = {},
    extraNew: Values = {},
    also: (SQLWrapper | Shaped)[] = [],
  ): Promise<T['$inferSelect']> {
    const hasUpdatedAt = 'updatedAt' in getTableColumns(table);
    const set: Values = { ...patch, ...(hasUpdatedAt ? { updatedAt: new Date() } : {}) };
    const rows = await runShaped<Values>(
      this.tx,
      shaped(
        `update:${getTableName(table)}:${shapeOf(set)}`,
        (slot) =>
          this.tx
            .update(table)
            .set(slotsOf(slot, 's.', set) as Partial<T['$inferInsert']>)
            .where(eq(table.id, slot('id')))
            .returning(),
        valuesOf('s.', set, { id: before.id }),
      ),
    );
    const after = rows[0]!;
    const changes = diff({ ...auditSnapshot(before), ...extraOld }, { ...auditSnapshot(after), ...extraNew });
    const entry =
      Object.keys(changes.new).length > 0 ? [this.entry('updated', type, before.id, changes.old, changes.new)] : [];
    await this.together(...entry, ...also);
    return after as T['$inferSelect'];
  }

  /** Delete a row by id and audit it with its last values. */
  async delete<T extends TableWithId>(table: T, type: string, id: number, extra: Values = {}): Promise<boolean> {
    const rows = (await this.tx.delete(table).where(eq(table.id, id)).returning()) as Values[];
    if (!rows[0]) return false;
    await this.record('deleted', type, id, { ...auditSnapshot(rows[0]), ...extra }, null);
    return true;
  }
}

/**
 * Run `fn` in one transaction whose writes are audited; any error rolls back change and audit alike.
 * It waits its turn at the database's write gate (write-gate.ts).
 */
export function audited<T>(db: Db, actor: Actor, fn: (w: AuditedTx) => Promise<T>): Promise<T> {
  return gatedTransaction(db, (tx) => fn(new AuditedTx(tx, actor)));
}

/** The values a record was created with, as its audit entry keeps them (null when it has none). */
export async function createdValues(db: Executor, type: string, id: number): Promise<Values | null> {
  const [row] = await db
    .select({ values: auditLogs.newValues })
    .from(auditLogs)
    .where(
      and(eq(auditLogs.auditableType, type), eq(auditLogs.auditableId, String(id)), eq(auditLogs.event, 'created')),
    )
    .limit(1);
  return row?.values ?? null;
}
