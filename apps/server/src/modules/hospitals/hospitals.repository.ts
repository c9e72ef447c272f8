import type { FacilityDto, FacilitySort } from '@tna/domain';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { adminUnits, assessments, healthFacilities } from '../../db/schema/index.js';
import { sortKeyOf } from '../../db/sort-key.js';

const province = alias(adminUnits, 'province');
const district = alias(adminUnits, 'district');

export interface FacilityFilter {
  province_id?: number | undefined;
  district_id?: number | undefined;
  type?: string | undefined;
  status?: string | undefined;
  search?: string | undefined;
}

export interface FacilitySorting {
  sort: FacilitySort;
  direction: 'asc' | 'desc';
  /** Sort province and district by their names in this language. */
  lang: 'en' | 'fa' | 'ps';
}

/** Arabic-script search is forgiving of the Arabic ي/ك and the Persian ی/ک, which look alike. */
export function normalizeSearch(value: SQL | string): SQL {
  return sql`translate(lower(${value}), 'يكۍ', 'یکی')`;
}

function localName(unit: typeof province | typeof district, lang: FacilitySorting['lang']): SQL {
  if (lang === 'fa') return sql`coalesce(${unit.nameFa}, ${unit.nameEn})`;
  if (lang === 'ps') return sql`coalesce(${unit.namePs}, ${unit.nameFa}, ${unit.nameEn})`;
  return sql`${unit.nameEn}`;
}

function whereOf(f: FacilityFilter): SQL | undefined {
  const search = f.search?.trim();
  return and(
    f.province_id ? eq(healthFacilities.provinceId, f.province_id) : undefined,
    f.district_id ? eq(healthFacilities.districtId, f.district_id) : undefined,
    f.type ? eq(healthFacilities.type, f.type) : undefined,
    f.status ? eq(healthFacilities.status, f.status) : undefined,
    search
      ? sql`(${normalizeSearch(sql`${healthFacilities.name}`)} like ${normalizeSearch(`%${search}%`)} or lower(coalesce(${healthFacilities.code}, '')) like ${`%${search.toLowerCase()}%`})`
      : undefined,
  );
}

function selectFacilities(db: Executor) {
  return db
    .select({
      id: healthFacilities.id,
      code: healthFacilities.code,
      name: healthFacilities.name,
      type: healthFacilities.type,
      province_id: healthFacilities.provinceId,
      district_id: healthFacilities.districtId,
      province_name: province.nameEn,
      district_name: district.nameEn,
      province: sql<
        FacilityDto['province']
      >`json_build_object('name_en', ${province.nameEn}, 'name_fa', ${province.nameFa}, 'name_ps', ${province.namePs})`,
      district: sql<
        FacilityDto['district']
      >`json_build_object('name_en', ${district.nameEn}, 'name_fa', ${district.nameFa}, 'name_ps', ${district.namePs})`,
      status: healthFacilities.status,
      is_her_hf: healthFacilities.isHerHf,
      latitude: healthFacilities.latitude,
      longtitude: healthFacilities.longitude,
    })
    .from(healthFacilities)
    .innerJoin(province, eq(province.id, healthFacilities.provinceId))
    .innerJoin(district, eq(district.id, healthFacilities.districtId));
}

/** One page of facilities, filtered and sorted across the whole list (ties broken by id). */
export async function pageFacilities(
  db: Executor,
  filter: FacilityFilter,
  sorting: FacilitySorting,
  page: number,
  perPage: number,
): Promise<{ rows: FacilityDto[]; total: number }> {
  const where = whereOf(filter);
  const key: Record<FacilitySort, SQL> = {
    code: sortKeyOf(sql`${healthFacilities.code}`),
    name: sortKeyOf(sql`${healthFacilities.name}`),
    type: sql`${healthFacilities.type}`,
    province: sortKeyOf(localName(province, sorting.lang)),
    district: sortKeyOf(localName(district, sorting.lang)),
    status: sql`${healthFacilities.status}`,
  };
  const dir = sorting.direction === 'desc' ? desc : asc;
  const rows = await selectFacilities(db)
    .where(where)
    .orderBy(dir(key[sorting.sort]), dir(healthFacilities.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const [total] = await db
    .select({ n: count() })
    .from(healthFacilities)
    .innerJoin(province, eq(province.id, healthFacilities.provinceId))
    .innerJoin(district, eq(district.id, healthFacilities.districtId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export function listFacilitiesWhere(db: Executor, filter: FacilityFilter): Promise<FacilityDto[]> {
  return selectFacilities(db)
    .where(whereOf(filter))
    .orderBy(asc(sortKeyOf(sql`${healthFacilities.name}`)), asc(healthFacilities.id));
}

export async function findFacility(db: Executor, id: number): Promise<FacilityDto | null> {
  const [row] = await selectFacilities(db).where(eq(healthFacilities.id, id));
  return row ?? null;
}

export async function facilityCodeTaken(db: Executor, code: string, exceptId?: number | null): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(healthFacilities)
    .where(
      and(
        sql`lower(${healthFacilities.code}) = lower(${code})`,
        exceptId ? sql`${healthFacilities.id} <> ${exceptId}` : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function facilityUsage(db: Executor, id: number) {
  const [a] = await db.select({ n: count() }).from(assessments).where(eq(assessments.hospitalId, id));
  return { assessments: a?.n ?? 0 };
}
