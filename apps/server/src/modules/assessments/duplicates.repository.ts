import { personKey, tazkiraKey } from '@tna/domain';
import { and, asc, desc, eq, gt, isNull, ne, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { quickQuery } from '../../db/prepared.js';
import { assessments } from '../../db/schema/index.js';
import { rowsWithCreatorFrom } from './assessments.repository.js';

/**
 * The duplicate check's stored keys of a form, by the domain's one normalisation: every insert and
 * edit (the capture screens and imports alike) writes them through assessmentColumns.
 */
export function duplicateKeys(f: { tazkira: string; name: string; fathername: string }) {
  return { tazkiraKey: tazkiraKey(f.tazkira), personKey: personKey(f.name, f.fathername) };
}

export interface DuplicateKeys {
  /** The form being edited, left out of its own duplicates. */
  id: number | null;
  tazkiraKey: string | null;
  person: { key: string; birthYear: number; hospitalId: number } | null;
}

/** Which comparisons a check makes, and whether it leaves a form out (one prepared statement each). */
interface CheckShape {
  tazkira: boolean;
  person: boolean;
  id: boolean;
}

interface CheckValues {
  id: number | null;
  tazkiraKey: string | null;
  personKey: string | null;
  birthYear: number | null;
  hospitalId: number | null;
}

function shapeOf(c: DuplicateKeys): CheckShape {
  return { tazkira: c.tazkiraKey !== null, person: c.person !== null, id: c.id !== null };
}

function valuesOf(c: DuplicateKeys): CheckValues {
  return {
    id: c.id,
    tazkiraKey: c.tazkiraKey,
    personKey: c.person?.key ?? null,
    birthYear: c.person?.birthYear ?? null,
    hospitalId: c.person?.hospitalId ?? null,
  };
}

/**
 * Non-archived assessments with the same tazkira, or the same person in the same facility, by the
 * stored keys (each comparison is one index's lookup: assessments_tazkira_key_idx and
 * assessments_person_key_idx), newest first, with who entered each (for the access check).
 * `value` gives each compared value: itself, or a placeholder of a prepared statement.
 */
function duplicatesSelect(db: Executor, shape: CheckShape, value: (name: keyof CheckValues) => SQLWrapper) {
  const conditions: SQL[] = [];
  if (shape.tazkira) conditions.push(eq(assessments.tazkiraKey, value('tazkiraKey')));
  if (shape.person) {
    conditions.push(
      and(
        eq(assessments.personKey, value('personKey')),
        eq(assessments.birthYear, value('birthYear')),
        eq(assessments.hospitalId, value('hospitalId')),
      )!,
    );
  }
  return rowsWithCreatorFrom(db)
    .where(
      and(
        ne(assessments.status, 'ARCHIVED'),
        shape.id ? ne(assessments.id, value('id')) : undefined,
        or(...conditions),
      ),
    )
    .orderBy(desc(assessments.createdAt))
    .limit(10);
}

/**
 * The check as one prepared statement per shape: it runs on every submit, and building and
 * planning a four-table query each time cost more than its two index lookups. Those lookups make it
 * a quick read (at most ten rows by two indexes), so on PostgreSQL it goes over the pipelined
 * connections with the list pages and details (issue 12 §5: at 32 connections its p95 was the
 * pool's queue, 16-18 ms, for 1 ms of work).
 */
export async function findDuplicates(db: Executor, c: DuplicateKeys) {
  const shape = shapeOf(c);
  if (!shape.tazkira && !shape.person) return [];
  const query = quickQuery(db, `duplicates:${shape.tazkira}:${shape.person}:${shape.id}`, (db, name) =>
    duplicatesSelect(db, shape, (k) => sql.placeholder(k)).prepare(name),
  );
  return query.execute({ ...valuesOf(c) });
}

/** The query of findDuplicates with its values in it (null when there is nothing to compare), for a test to EXPLAIN. */
export function duplicatesQuery(db: Executor, c: DuplicateKeys) {
  const shape = shapeOf(c);
  if (!shape.tazkira && !shape.person) return null;
  const values = valuesOf(c);
  return duplicatesSelect(db, shape, (k) => sql`${values[k]}`);
}

/**
 * Write the duplicate keys of the rows that have none (written before migration 0022, or straight by
 * SQL such as the benchmark's generator) by the same functions as every insert: batches in id order,
 * each one statement. Returns how many rows it filled.
 */
export async function fillDuplicateKeys(db: Executor, batch = 5000): Promise<number> {
  let filled = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .select({
        id: assessments.id,
        tazkira: assessments.tazkira,
        name: assessments.name,
        fathername: assessments.fathername,
      })
      .from(assessments)
      .where(and(gt(assessments.id, after), or(isNull(assessments.tazkiraKey), isNull(assessments.personKey))))
      .orderBy(asc(assessments.id))
      .limit(batch);
    if (!rows.length) return filled;
    const values = rows.map((r) => ({ id: r.id, ...duplicateKeys(r) }));
    await db.execute(sql`update ${assessments} a set tazkira_key = v.t, person_key = v.p
      from json_to_recordset(${JSON.stringify(values.map((v) => ({ id: v.id, t: v.tazkiraKey, p: v.personKey })))}::json)
        as v(id int, t text, p text)
      where a.id = v.id`);
    filled += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
