import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { adminUnits, assessmentPriorities, assessments, users } from '../db/schema/index.js';
import { duplicateKeys } from '../modules/assessments/duplicates.repository.js';
import { setupTestApp, type TestContext } from './helpers.js';

/** Province and one of its districts from the seeded AGCHO data, by P-code. */
export async function unitByCode(db: Db, code: string) {
  const [row] = await db.select().from(adminUnits).where(eq(adminUnits.code, code));
  if (!row) throw new Error(`no admin unit ${code}`);
  return row;
}

export async function createDepartment(t: TestContext, name = `Dept ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await t.request('POST', '/api/departments', { token: t.adminToken, body: { name, remarks: null } });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().success as { id: number; name: string };
}

/** Insert an assessment straight into the database (the capture module comes with its own issue). */
export async function insertAssessment(
  db: Db,
  refs: { hospitalId: number; departmentId: number; positionId: number; trainingId?: number },
) {
  const [creator] = await db.select().from(users).limit(1);
  const [facility] = await db.query.healthFacilities.findMany({ where: (f) => eq(f.id, refs.hospitalId), limit: 1 });
  if (!facility || !creator) throw new Error('missing facility or user');
  const [row] = await db
    .insert(assessments)
    .values({
      assessmentDate: '2026-10-01',
      formNo: 'F-1',
      name: 'Test',
      lastname: 'Person',
      fathername: 'Father',
      birthYear: 1990,
      permProvinceId: facility.provinceId,
      permDistrictId: facility.districtId,
      permAddress: 'Street 1',
      jobProvinceId: facility.provinceId,
      jobDistrictId: facility.districtId,
      hospitalId: facility.id,
      jobAddress: 'Hospital road',
      currentAddress: 'Street 1',
      maritalStatus: 'single',
      gender: 'female',
      departmentId: refs.departmentId,
      positionId: refs.positionId,
      educationLevel: 'Bachelor',
      educationField: 'Nursing',
      graduatedUniversity: 'Kabul University',
      experience: '1-5',
      implementingOrganization: 'MoPH',
      phone: '+93700000000',
      tazkira: '1234-5678-90123',
      ...duplicateKeys({ tazkira: '1234-5678-90123', name: 'Test', fathername: 'Father' }),
      createdBy: creator.id,
    })
    .returning();
  if (refs.trainingId) {
    await db.insert(assessmentPriorities).values({
      assessmentId: row!.id,
      departmentId: refs.departmentId,
      trainingId: refs.trainingId,
      priority: 1,
    });
  }
  return row!;
}

export async function districtOf(db: Db, provinceCode: string, districtCode: string) {
  const province = await unitByCode(db, provinceCode);
  const [district] = await db
    .select()
    .from(adminUnits)
    .where(and(eq(adminUnits.code, districtCode), eq(adminUnits.parentId, province.id)));
  if (!district) throw new Error(`no district ${districtCode} in ${provinceCode}`);
  return { province, district };
}

/** A test app with a validator's token and Kabul with its first district (the reference-data tests' set-up). */
export async function validatorInKabul() {
  const t = await setupTestApp();
  const validatorToken = (await t.userWithRole('validator')).token;
  const { province: kabul, district: kabulDistrict } = await districtOf(t.database.db, 'AF01', 'AF0101');
  return { t, validatorToken, kabul, kabulDistrict };
}
