import type { AssessmentDto } from '@tna/domain';
import type { ChangeFeed } from './changes.js';
import type { Executor } from './client.js';
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

/** While the change feed is down, a copy is trusted this long (changes to reference data are rare). */
const UNHEARD_TTL_MS = 5_000;

async function load(db: Executor): Promise<ReferenceNames> {
  const [units, facilities, depts, posts, courses] = await Promise.all([
    db
      .select({ id: adminUnits.id, name: adminUnits.nameEn, nameFa: adminUnits.nameFa, namePs: adminUnits.namePs })
      .from(adminUnits),
    db
      .select({
        id: healthFacilities.id,
        name: healthFacilities.name,
        code: healthFacilities.code,
        type: healthFacilities.type,
      })
      .from(healthFacilities),
    db
      .select({ id: departments.id, name: departments.name, name_dr: departments.nameDr, name_pa: departments.namePa })
      .from(departments),
    db
      .select({
        id: positions.id,
        title_en: positions.titleEn,
        title_dr: positions.titleDr,
        title_pa: positions.titlePa,
      })
      .from(positions),
    db
      .select({
        id: trainings.id,
        title_en: trainings.titleEn,
        title_dr: trainings.titleDr,
        title_pa: trainings.titlePa,
      })
      .from(trainings),
  ]);
  const byId = <T extends { id: number }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  return {
    units: new Map(
      units.map((u) => [u.id, { id: u.id, name: u.name, name_en: u.name, name_fa: u.nameFa, name_ps: u.namePs }]),
    ),
    facilities: byId(facilities),
    departments: byId(depts),
    positions: byId(posts),
    trainings: byId(courses),
  };
}

/**
 * The reference data's names in memory, so that a list page or a form's details is read from the
 * assessments table alone (a few hundred provinces, districts, facilities, departments, positions and
 * trainings, a few hundred kilobytes). It is read again after any change to them (the change feed's
 * `reference` topic), and, while the feed cannot hear changes, at most every few seconds.
 */
export class ReferenceCache {
  private copy: Promise<ReferenceNames> | null = null;
  private version = -1;
  private readAt = 0;

  constructor(
    private readonly db: Executor,
    private readonly changes: ChangeFeed,
  ) {}

  /**
   * The names; `has` says whether a copy holds what the caller needs (an id made a moment ago on
   * another instance may not have reached this one yet): if not, it is read again once.
   */
  async names(has?: (names: ReferenceNames) => boolean): Promise<ReferenceNames> {
    const copy = await this.current();
    if (!has || has(copy)) return copy;
    this.copy = null;
    return this.current();
  }

  private current(): Promise<ReferenceNames> {
    const version = this.changes.version('reference');
    const fresh = this.changes.live ? this.version === version : Date.now() - this.readAt < UNHEARD_TTL_MS;
    if (this.copy && fresh) return this.copy;
    const reading = load(this.db);
    this.copy = reading;
    this.version = version;
    this.readAt = Date.now();
    reading.catch(() => {
      if (this.copy === reading) this.copy = null;
    });
    return reading;
  }
}

/** A name that must be there (a foreign key holds it); a clear error if the copy is behind. */
export function known<T>(map: Map<number, T>, id: number, what: string): T {
  const found = map.get(id);
  if (!found) throw new Error(`${what} ${id} is not in the reference data`);
  return found;
}
