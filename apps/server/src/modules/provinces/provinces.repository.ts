import type { AdminUnitDto } from '@tna/domain';
import { and, asc, count, eq, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { adminUnits, assessments, healthFacilities } from '../../db/schema/index.js';
import { sortKeyOf } from '../../db/sort-key.js';

type AdminUnitRow = typeof adminUnits.$inferSelect;

export function toAdminUnitDto(u: AdminUnitRow): AdminUnitDto {
  return {
    id: u.id,
    type: u.type as AdminUnitDto['type'],
    code: u.code,
    name: u.nameEn,
    name_en: u.nameEn,
    name_fa: u.nameFa,
    name_ps: u.namePs,
    parent_id: u.parentId,
  };
}

/** Units in the order every list of them has: by English name (natural order), then id. */
async function listUnits(db: Executor, where: SQL | undefined): Promise<AdminUnitDto[]> {
  const rows = await db
    .select()
    .from(adminUnits)
    .where(where)
    .orderBy(asc(sortKeyOf(adminUnits.nameEn)), asc(adminUnits.id));
  return rows.map(toAdminUnitDto);
}

export function listProvinces(db: Executor): Promise<AdminUnitDto[]> {
  return listUnits(db, eq(adminUnits.type, 'province'));
}

export function listDistricts(db: Executor, provinceId: number): Promise<AdminUnitDto[]> {
  return listUnits(db, and(eq(adminUnits.type, 'district'), eq(adminUnits.parentId, provinceId)));
}

/** Every district of every province, in the order each province's list has them. */
export function listAllDistricts(db: Executor): Promise<AdminUnitDto[]> {
  return listUnits(db, eq(adminUnits.type, 'district'));
}

export async function findUnit(db: Executor, id: number): Promise<AdminUnitRow | null> {
  const [row] = await db.select().from(adminUnits).where(eq(adminUnits.id, id));
  return row ?? null;
}

/** Another district of the same province with this English name (case-insensitive). */
export async function districtNameTaken(db: Executor, provinceId: number, name: string, exceptId?: number | null) {
  const [row] = await db
    .select({ n: count() })
    .from(adminUnits)
    .where(
      and(
        eq(adminUnits.parentId, provinceId),
        sql`lower(${adminUnits.nameEn}) = lower(${name})`,
        exceptId ? sql`${adminUnits.id} <> ${exceptId}` : undefined,
      ),
    );
  return (row?.n ?? 0) > 0;
}

export async function districtUsage(db: Executor, id: number) {
  const [f] = await db.select({ n: count() }).from(healthFacilities).where(eq(healthFacilities.districtId, id));
  const [a] = await db
    .select({ n: count() })
    .from(assessments)
    .where(or(eq(assessments.permDistrictId, id), eq(assessments.jobDistrictId, id)));
  return { 'health facilities': f?.n ?? 0, assessments: a?.n ?? 0 };
}
