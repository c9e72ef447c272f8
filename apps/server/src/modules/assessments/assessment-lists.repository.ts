import type { AssessmentRowDto, AssessmentSort } from '@tna/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { assessments, healthFacilities } from '../../db/schema/index.js';
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

/** One page of a review list, sorted across the whole result. */
export async function pageAssessments(
  db: Executor,
  filter: ListFilter,
  sorting: ListSorting,
  page: number,
  perPage: number,
): Promise<{ rows: AssessmentRowDto[]; total: number }> {
  const where = listWhere(filter);
  const [rows, [total]] = await Promise.all([
    rowsFrom(db)
      .where(where)
      .orderBy(...listOrder(sorting))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(assessments).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
