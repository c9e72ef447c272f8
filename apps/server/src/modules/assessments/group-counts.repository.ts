import { and, eq, ne, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { preparedQuery } from '../../db/prepared.js';
import { assessmentTallies } from '../../db/schema/index.js';
import { inScopeProvinces, type ListFilter, listValues, shapeOf } from './assessment-filters.repository.js';
import { parseSnapshot } from './followed-lists.js';
import type { FoundGroups, GroupSort } from './list-groups.js';

/** The group counts of a list sorted by place or facility names: [place or facility id, rows]. */
export type GroupCounts = [id: number, n: number][];

/**
 * The places or facilities a list sorted by their names falls into, with how many of its rows each
 * holds, read off assessment_tallies (migration 0008), whose rows count a status by province, by
 * province and district, by those and facility, and by facility alone: the smallest of those that
 * splits the list's filter by the sorted column, summed over the rest. With the snapshot they were
 * read in (none when the list is empty), so that they can follow the row notices (see ListGroups).
 */
export async function groupCounts(db: Executor, filter: ListFilter, sort: GroupSort): Promise<FoundGroups> {
  const by = { province: 'p', district: 'd', health_facility: 'h' }[sort];
  const shape = shapeOf(filter);
  // Within several provinces the tally must be split by province, to sum only theirs.
  const used = `${shape.replace(/[-s]/g, '')}${by}${filter.provinces ? 'p' : ''}`;
  const tally = used.includes('h') ? (/[pd]/.test(used) ? 'pdh' : '--h') : used.includes('d') ? 'pd-' : 'p--';
  const query = preparedQuery(db, `list-groups:${shape}:${sort}`, (name) => {
    const t = assessmentTallies;
    // Each of the tally's places: the filter's value, any but 0 when summed over, or 0 (not split by it).
    const dim = (i: number, column: AnyPgColumn, placeholder: string) =>
      tally[i] === '-'
        ? eq(column, 0)
        : shape[i] !== '-'
          ? eq(column, sql.placeholder(placeholder))
          : i === 0 && shape[3] === 's'
            ? inScopeProvinces(column)
            : ne(column, 0);
    const column = { province: t.provinceId, district: t.districtId, health_facility: t.hospitalId }[sort];
    return db
      .select({ id: column, n: sql<number>`sum(${t.n})::int`, snap: sql<string>`pg_current_snapshot()::text` })
      .from(t)
      .where(
        and(
          eq(t.status, sql.placeholder('status')),
          eq(t.departmentId, 0),
          dim(0, t.provinceId, 'province'),
          dim(1, t.districtId, 'district'),
          dim(2, t.hospitalId, 'health_facility'),
        ),
      )
      .groupBy(column)
      .having(sql`sum(${t.n}) > 0`)
      .prepare(name);
  });
  const rows = await query.execute(listValues(filter));
  return { counts: rows.map((r) => [r.id, Number(r.n)]), snapshot: rows[0] ? parseSnapshot(rows[0].snap) : null };
}
