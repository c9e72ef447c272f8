import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { FACILITY_TYPES, ROLES, type Role } from '@tna/domain';
import { count, eq, inArray, like, sql } from 'drizzle-orm';
import { generatePassword, hashPassword } from '../lib/password.js';
import { audited } from './audited.js';
import type { Db } from './client.js';
import {
  adminUnits,
  departments,
  healthFacilities,
  positions,
  positionTrainings,
  roles,
  trainings,
  userRoles,
  users,
} from './schema/index.js';

interface AdminUnitSource {
  code: string;
  name_en: string;
  name_fa: string | null;
  name_ps: string | null;
  districts: { code: string; name_en: string; name_fa: string | null; name_ps: string | null }[];
}

/** Afghanistan's provinces and districts (AGCHO / OCHA COD-AB 2018, Pashto province names from CLDR). */
export function loadAdminUnits(): AdminUnitSource[] {
  const file = fileURLToPath(new URL('../../seed-data/afghanistan-admin.json', import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as AdminUnitSource[];
}

export interface SeedOptions {
  adminEmail: string;
  adminPassword?: string | undefined;
  demoData?: boolean;
  /** Where to tell a person a generated password, once. */
  announce?: (line: string) => void;
}

export interface SeedResult {
  createdAdmin: { email: string; generatedPassword?: string } | null;
  demoUsers: { email: string; role: Role; password: string }[];
}

/** Seed the reference data. Idempotent: a second run changes nothing and never overwrites edits. */
export async function seed(db: Db, options: SeedOptions): Promise<SeedResult> {
  await db
    .insert(roles)
    .values(ROLES.map((name) => ({ name })))
    .onConflictDoNothing();
  await seedAdminUnits(db);
  await seedCatalogue(db);
  const createdAdmin = await ensureFirstAdmin(db, options);
  const demoUsers = options.demoData ? await ensureDemoUsers(db) : [];
  if (options.demoData) {
    const added = await seedDemoFacilities(db);
    if (added) options.announce?.(`Added ${added} demo health facilities (named "Demo ...", codes DEMO-...).`);
  }
  for (const u of demoUsers) options.announce?.(`Demo user ${u.email} (${u.role}) password: ${u.password}`);
  return { createdAdmin, demoUsers };
}

async function seedAdminUnits(db: Db): Promise<void> {
  const source = loadAdminUnits();
  await db.transaction(async (tx) => {
    await tx
      .insert(adminUnits)
      .values(
        source.map((p) => ({
          type: 'province',
          code: p.code,
          nameEn: p.name_en,
          nameFa: p.name_fa,
          namePs: p.name_ps,
        })),
      )
      .onConflictDoNothing({ target: adminUnits.code });
    const provinces = await tx
      .select({ id: adminUnits.id, code: adminUnits.code })
      .from(adminUnits)
      .where(eq(adminUnits.type, 'province'));
    const idByCode = new Map(provinces.map((p) => [p.code, p.id]));
    const districts = source.flatMap((p) =>
      p.districts.map((d) => ({
        type: 'district',
        parentId: idByCode.get(p.code)!,
        code: d.code,
        nameEn: d.name_en,
        nameFa: d.name_fa,
        namePs: d.name_ps,
      })),
    );
    await tx.insert(adminUnits).values(districts).onConflictDoNothing({ target: adminUnits.code });
  });
}

async function roleIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.select().from(roles);
  return new Map(rows.map((r) => [r.name, r.id]));
}

async function createUser(db: Db, name: string, email: string, password: string, role: Role): Promise<void> {
  const ids = await roleIds(db);
  const passwordHash = await hashPassword(password);
  await audited(db, { userId: null, url: 'seed' }, async (w) => {
    const user = await w.insert(users, 'User', { name, email, passwordHash }, { roles: [role] });
    await w.tx.insert(userRoles).values({ userId: user.id, roleId: ids.get(role)! });
  });
}

async function ensureFirstAdmin(db: Db, options: SeedOptions): Promise<SeedResult['createdAdmin']> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  const generated = options.adminPassword ? undefined : generatePassword();
  const password = options.adminPassword ?? generated!;
  await createUser(db, 'Administrator', options.adminEmail, password, 'admin');
  if (generated) {
    options.announce?.(
      `First admin created: ${options.adminEmail} with the generated password ${generated} (shown only this once; change it in Profile).`,
    );
  } else {
    options.announce?.(`First admin created: ${options.adminEmail} with the password from ADMIN_PASSWORD.`);
  }
  return { email: options.adminEmail, ...(generated ? { generatedPassword: generated } : {}) };
}

const DEMO_USERS: { role: Role; name: string }[] = [
  { role: 'admin', name: 'Demo Admin' },
  { role: 'validator', name: 'Demo Validator' },
  { role: 'dataentry', name: 'Demo Data Entry' },
  { role: 'external_viewer', name: 'Demo External Viewer' },
  { role: 'internal_viewer', name: 'Demo Internal Viewer' },
];

async function ensureDemoUsers(db: Db): Promise<SeedResult['demoUsers']> {
  const emails = DEMO_USERS.map((u) => `${u.role.replace('_', '.')}@demo.tna.test`);
  const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  const have = new Set(existing.map((u) => u.email));
  const created: SeedResult['demoUsers'] = [];
  for (const [i, u] of DEMO_USERS.entries()) {
    const email = emails[i]!;
    if (have.has(email)) continue;
    const password = generatePassword();
    await createUser(db, u.name, email, password, u.role);
    created.push({ email, role: u.role, password });
  }
  return created;
}

/** Counts used by tests and the health check. */
export async function countAdminUnits(db: Db): Promise<{ provinces: number; districts: number }> {
  const rows = await db
    .select({ type: adminUnits.type, n: sql<number>`count(*)::int` })
    .from(adminUnits)
    .groupBy(adminUnits.type);
  const get = (t: string) => rows.find((r) => r.type === t)?.n ?? 0;
  return { provinces: get('province'), districts: get('district') };
}

interface CatalogueSource {
  departments: { key: string; name: string; name_dr: string; name_pa: string; remarks: string }[];
  positions: { key: string; title_en: string; title_dr: string; title_pa: string; department: string }[];
  trainings: {
    key: string;
    title_en: string;
    title_dr: string;
    title_pa: string;
    training_type: string;
    frequency: string;
    department: string;
    positions: string[];
  }[];
}

export function loadCatalogue(): CatalogueSource {
  const file = fileURLToPath(new URL('../../seed-data/catalogue.json', import.meta.url));
  return JSON.parse(readFileSync(file, 'utf8')) as CatalogueSource;
}

/**
 * The BPHS/EPHS training catalogue (departments, positions, trainings and which trainings serve which
 * positions). Only on a database that has none of them yet, so that an admin's deletions stay deleted.
 */
export async function seedCatalogue(db: Db): Promise<boolean> {
  const [d] = await db.select({ n: count() }).from(departments);
  const [p] = await db.select({ n: count() }).from(positions);
  const [t] = await db.select({ n: count() }).from(trainings);
  if ((d?.n ?? 0) + (p?.n ?? 0) + (t?.n ?? 0) > 0) return false;
  const source = loadCatalogue();
  await db.transaction(async (tx) => {
    const deptRows = await tx
      .insert(departments)
      .values(
        source.departments.map((x) => ({ name: x.name, nameDr: x.name_dr, namePa: x.name_pa, remarks: x.remarks })),
      )
      .returning({ id: departments.id });
    const deptId = new Map(source.departments.map((x, i) => [x.key, deptRows[i]!.id]));
    const posRows = await tx
      .insert(positions)
      .values(
        source.positions.map((x) => ({
          titleEn: x.title_en,
          titleDr: x.title_dr,
          titlePa: x.title_pa,
          departmentId: deptId.get(x.department)!,
        })),
      )
      .returning({ id: positions.id });
    const posId = new Map(source.positions.map((x, i) => [x.key, posRows[i]!.id]));
    const trRows = await tx
      .insert(trainings)
      .values(
        source.trainings.map((x) => ({
          titleEn: x.title_en,
          titleDr: x.title_dr,
          titlePa: x.title_pa,
          trainingType: x.training_type,
          frequency: x.frequency,
          departmentId: deptId.get(x.department)!,
        })),
      )
      .returning({ id: trainings.id });
    const links = source.trainings.flatMap((x, i) =>
      x.positions.map((key) => ({ trainingId: trRows[i]!.id, positionId: posId.get(key)! })),
    );
    if (links.length) await tx.insert(positionTrainings).values(links);
  });
  return true;
}

// Facility types a province typically has, for the demo list: one provincial hospital in the
// provincial capital's district, then district hospitals and health centres spread over districts.
const DEMO_PATTERN = ['PH', 'DH', 'CHC', 'BHC', 'SHC', 'BHC', 'CHC', 'FHH', 'MHT'] as const;

/**
 * With DEMO_DATA=1: a few hundred demo health facilities over all 34 provinces, plainly named as demo
 * data (the real list is the MoPH/HMIS master facility list, which an admin enters or imports).
 * Idempotent through their DEMO- codes.
 */
export async function seedDemoFacilities(db: Db): Promise<number> {
  const units = await db.select().from(adminUnits).orderBy(adminUnits.code);
  const provinces = units.filter((u) => u.type === 'province');
  const rows: (typeof healthFacilities.$inferInsert)[] = [];
  for (const p of provinces) {
    const districts = units.filter((u) => u.parentId === p.id);
    DEMO_PATTERN.forEach((type, i) => {
      const d = districts[i % districts.length]!;
      const label = FACILITY_TYPES.find((t) => t.value === type)!.label;
      rows.push({
        code: `DEMO-${d.code}-${type}${i}`,
        name: `Demo ${label} ${d.nameEn}`,
        type,
        provinceId: p.id,
        districtId: d.id,
        status: i === 6 ? 'Closed' : 'Existing',
        isHerHf: type === 'BHC' && i === 5,
      });
    });
  }
  const existing = new Set(
    (
      await db
        .select({ code: healthFacilities.code })
        .from(healthFacilities)
        .where(like(healthFacilities.code, 'DEMO-%'))
    ).map((r) => r.code),
  );
  const missing = rows.filter((r) => !existing.has(r.code!));
  if (missing.length) await db.insert(healthFacilities).values(missing);
  return missing.length;
}
