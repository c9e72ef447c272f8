import { nameKey } from '@tna/domain';
import type { ReferenceSource } from '../assessments/assessment-references.js';
import type { ReferenceRows } from './imports.repository.js';

/** A name or code that matched one record, none, or several (then the file must say which). */
export type Match = { id: number } | { missing: true } | { ambiguous: true };

function index<T extends { id: number }>(rows: T[], keysOf: (row: T) => (string | null | undefined)[]) {
  const map = new Map<string, Set<number>>();
  for (const row of rows) {
    for (const text of keysOf(row)) {
      if (!text) continue;
      const key = nameKey(text);
      if (!map.has(key)) map.set(key, new Set());
      map.get(key)!.add(row.id);
    }
  }
  return map;
}

function pick(found: Set<number> | undefined, within?: (id: number) => boolean): Match {
  const ids = [...(found ?? [])].filter((id) => !within || within(id));
  if (ids.length === 0) return { missing: true };
  if (ids.length > 1) return { ambiguous: true };
  return { id: ids[0]! };
}

/**
 * The reference data of an import, by every name a person may type: English, Dari and Pashto names
 * and codes, compared as the app compares names (case, spacing, digits and Arabic letter forms do not
 * count). Districts are found within their province, facilities within their district.
 */
export class Lookup {
  private readonly units: Map<number, ReferenceRows['units'][number]>;
  private readonly unitNames: Map<string, Set<number>>;
  private readonly facilities: Map<number, ReferenceRows['facilities'][number]>;
  private readonly facilityCodes: Map<string, Set<number>>;
  private readonly facilityNames: Map<string, Set<number>>;
  private readonly departmentNames: Map<string, Set<number>>;
  private readonly positionNames: Map<string, Set<number>>;
  private readonly trainingNames: Map<string, Set<number>>;
  private readonly trainingDepartment: Map<number, number>;

  constructor(readonly rows: ReferenceRows) {
    this.units = new Map(rows.units.map((u) => [u.id, u]));
    this.unitNames = index(rows.units, (u) => [u.code, ...u.names]);
    this.facilities = new Map(rows.facilities.map((f) => [f.id, f]));
    this.facilityCodes = index(rows.facilities, (f) => [f.code]);
    this.facilityNames = index(rows.facilities, (f) => [f.name]);
    this.departmentNames = index(rows.departments, (d) => d.names);
    this.positionNames = index(rows.positions, (p) => p.names);
    this.trainingNames = index(rows.trainings, (t) => t.names);
    this.trainingDepartment = new Map(rows.trainings.map((t) => [t.id, t.departmentId]));
  }

  province(text: string): Match {
    return pick(this.unitNames.get(nameKey(text)), (id) => this.units.get(id)?.type === 'province');
  }

  district(provinceId: number, text: string): Match {
    return pick(this.unitNames.get(nameKey(text)), (id) => {
      const u = this.units.get(id);
      return u?.type === 'district' && u.parentId === provinceId;
    });
  }

  /** A facility by its code anywhere, or by its name within the district (else anywhere, if only one). */
  facility(districtId: number | undefined, text: string): Match {
    const byCode = pick(this.facilityCodes.get(nameKey(text)));
    if ('id' in byCode) return byCode;
    const named = this.facilityNames.get(nameKey(text));
    const inDistrict = pick(
      named,
      (id) => districtId === undefined || this.facilities.get(id)?.districtId === districtId,
    );
    // Found only elsewhere: the form's checks then say it is not in the chosen district.
    return 'missing' in inDistrict ? pick(named) : inDistrict;
  }

  department(text: string): Match {
    return pick(this.departmentNames.get(nameKey(text)));
  }

  position(text: string): Match {
    return pick(this.positionNames.get(nameKey(text)));
  }

  /** A training by title, within the department when one is given. */
  training(text: string, departmentId?: number): Match {
    return pick(
      this.trainingNames.get(nameKey(text)),
      (id) => departmentId === undefined || this.trainingDepartment.get(id) === departmentId,
    );
  }

  departmentOfTraining(id: number): number | undefined {
    return this.trainingDepartment.get(id);
  }

  /** The same checks as the database makes for one form, answered from this copy (see referenceErrors). */
  references(): ReferenceSource {
    const departmentIds = new Set(this.rows.departments.map((d) => d.id));
    const positionIds = new Set(this.rows.positions.map((p) => p.id));
    return {
      units: async (ids) =>
        new Map(
          ids.flatMap((id) => {
            const u = this.units.get(id);
            return u ? [[id, { id, type: u.type, parentId: u.parentId }] as const] : [];
          }),
        ),
      facility: async (id) => {
        const f = this.facilities.get(id);
        return f ? { districtId: f.districtId } : undefined;
      },
      departments: async (ids) => new Set(ids.filter((id) => departmentIds.has(id))),
      positionExists: async (id) => positionIds.has(id),
      trainingDepartments: async (ids) =>
        new Map(
          ids.flatMap((id) =>
            this.trainingDepartment.has(id) ? [[id, this.trainingDepartment.get(id)!] as const] : [],
          ),
        ),
    };
  }
}
