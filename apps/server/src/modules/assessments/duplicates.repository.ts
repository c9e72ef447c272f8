import { personKey, tazkiraKey } from '@tna/domain';
import { and, asc, desc, eq, gt, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessments } from '../../db/schema/index.js';
import { rowsFrom } from './assessments.repository.js';

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

/**
 * Non-archived assessments with the same tazkira, or the same person in the same facility, by the
 * stored keys (each comparison is one index's lookup: assessments_tazkira_key_idx and
 * assessments_person_key_idx).
 */
export async function findDuplicates(db: Executor, c: DuplicateKeys) {
  return (await duplicatesQuery(db, c)) ?? [];
}

/** The query of findDuplicates (null when there is nothing to compare), apart so a test can EXPLAIN it. */
export function duplicatesQuery(db: Executor, c: DuplicateKeys) {
  const conditions: SQL[] = [];
  if (c.tazkiraKey) conditions.push(eq(assessments.tazkiraKey, c.tazkiraKey));
  if (c.person) {
    conditions.push(
      and(
        eq(assessments.personKey, c.person.key),
        eq(assessments.birthYear, c.person.birthYear),
        eq(assessments.hospitalId, c.person.hospitalId),
      )!,
    );
  }
  if (!conditions.length) return null;
  return rowsFrom(db)
    .where(and(ne(assessments.status, 'ARCHIVED'), c.id ? ne(assessments.id, c.id) : undefined, or(...conditions)))
    .orderBy(desc(assessments.createdAt))
    .limit(10);
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
