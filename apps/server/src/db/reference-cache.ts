import type { AssessmentDto } from '@tna/domain';
import type { CacheStore } from './cache-store.js';
import type { ChangeFeed, Topic } from './changes.js';
import type { Executor } from './client.js';
import { ReadCache } from './read-cache.js';
import { adminUnits, departments, healthFacilities, positions, trainings } from './schema/index.js';

export type UnitNames = AssessmentDto['perm_province'];
export type FacilityRef = AssessmentDto['hospital'];
export type DepartmentNames = AssessmentDto['department'];
export type PositionTitles = AssessmentDto['position'];
export type TrainingTitles = { id: number; title_en: string; title_dr: string | null; title_pa: string | null };

/** The names of the reference data, by id: what lists, details and exports show for an id. */
export interface ReferenceNames {
  units: Map<number, UnitNames>;
  facilities: Map<number, FacilityRef>;
  departments: Map<number, DepartmentNames>;
  positions: Map<number, PositionTitles>;
  trainings: Map<number, TrainingTitles>;
}

/**
 * How the reference data hangs together, for checking a form's references without a query (see
 * memoryReferences in the assessments module): each unit's type and parent, each facility's district,
 * each training's department.
 */
export interface ReferenceLinks {
  units: Map<number, { type: string; parentId: number | null }>;
  facilityDistricts: Map<number, number>;
  trainingDepartments: Map<number, number>;
}

/** A table of the reference names, named as the change feed's topic that says it changed. */
type Part = keyof ReferenceNames & Topic;
const PARTS: readonly Part[] = ['units', 'facilities', 'departments', 'positions', 'trainings'];

/** Positions and trainings name themselves alike: a title in each language. */
const titles = (table: typeof positions | typeof trainings) => ({
  id: table.id,
  title_en: table.titleEn,
  title_dr: table.titleDr,
  title_pa: table.titlePa,
});

/** Read one part of the reference names. */
async function load(db: Executor, part: Part): Promise<ReferenceNames[Part]> {
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  switch (part) {
    case 'units': {
      const rows = await db
        .select({ id: adminUnits.id, name: adminUnits.nameEn, nameFa: adminUnits.nameFa, namePs: adminUnits.namePs })
        .from(adminUnits);
      return new Map(
        rows.map((u) => [u.id, { id: u.id, name: u.name, name_en: u.name, name_fa: u.nameFa, name_ps: u.namePs }]),
      );
    }
    case 'facilities':
      return byId(
        await db
          .select({
            id: healthFacilities.id,
            name: healthFacilities.name,
            code: healthFacilities.code,
            type: healthFacilities.type,
          })
          .from(healthFacilities),
      );
    case 'departments':
      return byId(
        await db
          .select({
            id: departments.id,
            name: departments.name,
            name_dr: departments.nameDr,
            name_pa: departments.namePa,
          })
          .from(departments),
      );
    case 'positions':
      return byId(await db.select(titles(positions)).from(positions));
    case 'trainings':
      return byId(await db.select(titles(trainings)).from(trainings));
  }
}

/**
 * The reference data's names in memory, so that a list page or a form's details is read from the
 * assessments table alone (a few hundred provinces, districts, facilities, departments, positions and
 * trainings, a few hundred kilobytes). Each table is kept on its own, in the instance's byte-bounded
 * store, and read again after a change to it (the change feed), after at most ten minutes, and on
 * every use while the feed cannot hear changes.
 */
export class ReferenceCache {
  private readonly parts: { [P in Part]: ReadCache<ReferenceNames[P]> };
  private readonly linkParts: { [L in keyof ReferenceLinks]: ReadCache<ReferenceLinks[L]> };
  /** The last names handed out, so that callers can tell by identity that nothing changed. */
  private last: ReferenceNames | null = null;
  /** How many times a table was read (for tests: which changes make which tables be read again). */
  readonly reads: Record<Part, number> = { units: 0, facilities: 0, departments: 0, positions: 0, trainings: 0 };

  constructor(
    private readonly db: Executor,
    store: CacheStore,
    private readonly changes: ChangeFeed,
    ttlMs = 600_000,
  ) {
    const part = <P extends Part>(p: P) =>
      new ReadCache<ReferenceNames[P]>(store, changes, `reference.${p}`, [p], ttlMs);
    this.parts = {
      units: part('units'),
      facilities: part('facilities'),
      departments: part('departments'),
      positions: part('positions'),
      trainings: part('trainings'),
    };
    this.linkParts = {
      units: new ReadCache(store, changes, 'reference.unit-links', ['units'], ttlMs),
      facilityDistricts: new ReadCache(store, changes, 'reference.facility-districts', ['facilities'], ttlMs),
      trainingDepartments: new ReadCache(store, changes, 'reference.training-departments', ['trainings'], ttlMs),
    };
  }

  /**
   * How the reference data hangs together, or null while the change feed cannot say it is current
   * (then the caller asks the database: reading whole tables for each request would cost more).
   */
  async links(): Promise<ReferenceLinks | null> {
    if (!this.changes.live) return null;
    const db = this.db;
    const [units, facilityDistricts, trainingDepartments] = await Promise.all([
      this.linkParts.units.get('all', async () => {
        const rows = await db
          .select({ id: adminUnits.id, type: adminUnits.type, parentId: adminUnits.parentId })
          .from(adminUnits);
        return new Map(rows.map((u) => [u.id, { type: u.type, parentId: u.parentId }]));
      }),
      this.linkParts.facilityDistricts.get('all', async () => {
        const rows = await db
          .select({ id: healthFacilities.id, districtId: healthFacilities.districtId })
          .from(healthFacilities);
        return new Map(rows.map((f) => [f.id, f.districtId]));
      }),
      this.linkParts.trainingDepartments.get('all', async () => {
        const rows = await db.select({ id: trainings.id, departmentId: trainings.departmentId }).from(trainings);
        return new Map(rows.map((t) => [t.id, t.departmentId]));
      }),
    ]);
    return { units, facilityDistricts, trainingDepartments };
  }

  /**
   * Whether the names are kept now (the change feed is live): while they are not, each call of
   * `names` reads every reference table, and a caller that needs a few names asks the database.
   */
  get kept(): boolean {
    return this.changes.live;
  }

  /** The key each table's names are kept under. */
  static key(part: Part): string {
    return part;
  }

  /**
   * The names; `has` says whether a copy holds what the caller needs (an id made a moment ago on
   * another instance may not have reached this one yet): if not, it is read again once.
   */
  async names(has?: (names: ReferenceNames) => boolean): Promise<ReferenceNames> {
    const copy = await this.current();
    if (!has || has(copy)) return copy;
    for (const p of PARTS) this.parts[p].delete(ReferenceCache.key(p));
    return this.current();
  }

  private async current(): Promise<ReferenceNames> {
    const get = <P extends Part>(p: P) =>
      this.parts[p].get(ReferenceCache.key(p), () => {
        this.reads[p] += 1;
        return load(this.db, p) as Promise<ReferenceNames[P]>;
      });
    const [units, facilities, depts, posts, courses] = await Promise.all([
      get('units'),
      get('facilities'),
      get('departments'),
      get('positions'),
      get('trainings'),
    ]);
    const last = this.last;
    if (
      last?.units === units &&
      last.facilities === facilities &&
      last.departments === depts &&
      last.positions === posts &&
      last.trainings === courses
    ) {
      return last;
    }
    this.last = { units, facilities, departments: depts, positions: posts, trainings: courses };
    return this.last;
  }
}

/** A name that must be there (a foreign key holds it); a clear error if the copy is behind. */
export function known<T>(map: Map<number, T>, id: number, what: string): T {
  const found = map.get(id);
  if (!found) throw new Error(`${what} ${id} is not in the reference data`);
  return found;
}
