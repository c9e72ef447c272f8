import type { AssessmentRowDto, AssessmentSort } from '@tna/domain';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessmentCounts, assessments, healthFacilities } from '../../db/schema/index.js';
import { rowsFrom } from './assessments.repository.js';

export interface ListFilter {
  status: string;
  province?: number | null | undefined;
  district?: number | null | undefined;
  health_facility?: number | null | undefined;
}

export interface ListSorting {
  sort?: AssessmentSort | undefined;
  direction: 'asc' | 'desc';
  lang: 'en' | 'fa' | 'ps';
}

export function listWhere(f: ListFilter): SQL {
  return and(
    eq(assessments.status, f.status),
    f.province ? eq(assessments.jobProvinceId, f.province) : undefined,
    f.district ? eq(assessments.jobDistrictId, f.district) : undefined,
    f.health_facility ? eq(assessments.hospitalId, f.health_facility) : undefined,
  )!;
}

function unitName(alias: 'temp_province' | 'temp_district', lang: ListSorting['lang']): SQL {
  const t = sql.raw(`"${alias}"`);
  if (lang === 'fa') return sql`coalesce(${t}.name_fa, ${t}.name_en)`;
  if (lang === 'ps') return sql`coalesce(${t}.name_ps, ${t}.name_fa, ${t}.name_en)`;
  return sql`${t}.name_en`;
}

/** ORDER BY for a list: the chosen column across all rows, ties (and the default) newest first by id. */
export function listOrder(s: ListSorting): SQL[] {
  const dir = s.direction === 'desc' ? desc : asc;
  const keys: Record<AssessmentSort, SQL> = {
    province: unitName('temp_province', s.lang),
    district: unitName('temp_district', s.lang),
    health_facility: sql`lower(${healthFacilities.name})`,
    name: sql`lower(${assessments.name})`,
    fathername: sql`lower(${assessments.fathername})`,
    birth_year: sql`${assessments.birthYear}`,
    implementing_organization: sql`lower(${assessments.implementingOrganization})`,
    phone: sql`${assessments.phone}`,
    created_at: sql`${assessments.createdAt}`,
  };
  if (!s.sort) return [desc(assessments.id)];
  return [dir(keys[s.sort]), dir(assessments.id)];
}

/** How many assessments a list holds, from the counts the database keeps (no scan of the table). */
export async function countAssessments(db: Executor, f: ListFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${assessmentCounts.n}), 0)::int` })
    .from(assessmentCounts)
    .where(
      and(
        eq(assessmentCounts.status, f.status),
        f.province ? eq(assessmentCounts.jobProvinceId, f.province) : undefined,
        f.district ? eq(assessmentCounts.jobDistrictId, f.district) : undefined,
        f.health_facility ? eq(assessmentCounts.hospitalId, f.health_facility) : undefined,
      ),
    );
  return row?.n ?? 0;
}

/**
 * One page of a review list, sorted across the whole result. In the default order (newest first) the
 * page's ids are found on the (status, id) index alone and only those rows are joined, so a deep page
 * costs little more than the first.
 */
export async function pageAssessments(
  db: Executor,
  filter: ListFilter,
  sorting: ListSorting,
  page: number,
  perPage: number,
): Promise<{ rows: AssessmentRowDto[]; total: number }> {
  const where = listWhere(filter);
  const offset = (page - 1) * perPage;
  const rowsQuery = async (): Promise<AssessmentRowDto[]> => {
    if (sorting.sort) {
      return rowsFrom(db)
        .where(where)
        .orderBy(...listOrder(sorting))
        .limit(perPage)
        .offset(offset);
    }
    const ids = await db
      .select({ id: assessments.id })
      .from(assessments)
      .where(where)
      .orderBy(desc(assessments.id))
      .limit(perPage)
      .offset(offset);
    if (!ids.length) return [];
    return rowsFrom(db)
      .where(
        inArray(
          assessments.id,
          ids.map((r) => r.id),
        ),
      )
      .orderBy(desc(assessments.id));
  };
  const [rows, total] = await Promise.all([rowsQuery(), countAssessments(db, filter)]);
  return { rows, total };
}
