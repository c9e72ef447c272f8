import {
  type AssessmentFields,
  encodeMessage,
  type FieldErrors,
  type MessageKey,
  type PriorityLineInput,
} from '@tna/domain';
import type { Executor } from '../../db/client.js';
import type { ReferenceCache, ReferenceLinks, ReferenceNames } from '../../db/reference-cache.js';
import { AppError } from '../../lib/app-error.js';
import { databaseReferences } from './assessment-references.repository.js';

/**
 * What an assessment's references are checked against: the database (one form at a time), or an
 * import's copy of the reference data (thousands of forms, no query each).
 */
export interface ReferenceSource {
  units(ids: number[]): Promise<Map<number, { id: number; type: string; parentId: number | null }>>;
  facility(id: number): Promise<{ districtId: number } | undefined>;
  departments(ids: number[]): Promise<Set<number>>;
  positionExists(id: number): Promise<boolean>;
  /** Each training's department. */
  trainingDepartments(ids: number[]): Promise<Map<number, number>>;
}

/**
 * The checks a schema cannot make: every id exists, the districts lie in their provinces, the
 * facility in the job district, and each priority's training belongs to its department. All
 * problems together, on their fields.
 */
export async function referenceErrors(
  refs: ReferenceSource,
  f: AssessmentFields,
  lines: PriorityLineInput[],
): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const add = (field: string, key: MessageKey) => {
    errors[field] = [encodeMessage(key)];
  };
  const units = await refs.units([
    f.perminent_province_id,
    f.perminent_district_id,
    f.temp_province_id,
    f.temp_district_id,
  ]);
  const checkPlace = (provinceField: string, provinceId: number, districtField: string, districtId: number) => {
    const p = units.get(provinceId);
    const d = units.get(districtId);
    if (p?.type !== 'province') add(provinceField, 'validation.exists');
    if (d?.type !== 'district') add(districtField, 'validation.exists');
    else if (p && d.parentId !== p.id) add(districtField, 'validation.districtProvince');
  };
  checkPlace('perminent_province_id', f.perminent_province_id, 'perminent_district_id', f.perminent_district_id);
  checkPlace('temp_province_id', f.temp_province_id, 'temp_district_id', f.temp_district_id);

  const facility = await refs.facility(f.hospital);
  if (!facility) add('hospital', 'validation.exists');
  else if (facility.districtId !== f.temp_district_id) add('hospital', 'validation.facilityDistrict');

  const depts = await refs.departments([...new Set([f.department_id, ...lines.map((l) => l.department)])]);
  if (!depts.has(f.department_id)) add('department_id', 'validation.exists');
  if (!(await refs.positionExists(f.position_id))) add('position_id', 'validation.exists');

  const trainingDept = lines.length ? await refs.trainingDepartments(lines.map((l) => l.training)) : new Map();
  lines.forEach((line, i) => {
    if (!depts.has(line.department)) add(`priorities.${i}.department`, 'validation.exists');
    const dept = trainingDept.get(line.training);
    if (dept === undefined) add(`priorities.${i}.training`, 'validation.exists');
    else if (dept !== line.department) add(`priorities.${i}.training`, 'validation.trainingDepartment');
  });
  return errors;
}

/** referenceErrors, answered as a 422 when there is any. */
export async function checkReferences(
  refs: ReferenceSource,
  f: AssessmentFields,
  lines: PriorityLineInput[],
): Promise<void> {
  const errors = await referenceErrors(refs, f, lines);
  if (Object.keys(errors).length) throw AppError.validation(errors);
}

/**
 * The references checked against the reference data this instance keeps in memory (see
 * ReferenceCache.links), without a query: a form's create or edit made five queries of them inside
 * its transaction, a third of its round trips to the database (the mixed benchmark, issue 12 §3). An
 * id not held here (made a moment ago on another instance) is looked up in `database`.
 */
export function memoryReferences(
  names: ReferenceNames,
  links: ReferenceLinks,
  database: ReferenceSource,
): ReferenceSource {
  const all = <T>(ids: number[], has: (id: number) => boolean, kept: () => T, read: () => Promise<T>) =>
    ids.every(has) ? Promise.resolve(kept()) : read();
  return {
    units: (ids) =>
      all(
        ids,
        (id) => links.units.has(id),
        () => new Map(ids.map((id) => [id, { id, ...links.units.get(id)! }])),
        () => database.units(ids),
      ),
    facility: (id) =>
      all(
        [id],
        (x) => links.facilityDistricts.has(x),
        () => ({ districtId: links.facilityDistricts.get(id)! }),
        () => database.facility(id),
      ),
    departments: (ids) =>
      all(
        ids,
        (id) => names.departments.has(id),
        () => new Set(ids),
        () => database.departments(ids),
      ),
    positionExists: (id) => (names.positions.has(id) ? Promise.resolve(true) : database.positionExists(id)),
    trainingDepartments: (ids) =>
      all(
        ids,
        (id) => links.trainingDepartments.has(id),
        () => new Map(ids.map((id) => [id, links.trainingDepartments.get(id)!])),
        () => database.trainingDepartments(ids),
      ),
  };
}

/** The reference data kept in memory, current by the change feed; null when it cannot say so. */
export type KeptReferences = { names: ReferenceNames; links: ReferenceLinks } | null;

/** The reference data as kept in memory now (see memoryReferences), or null to ask the database. */
export async function keptReferences(reference: ReferenceCache): Promise<KeptReferences> {
  const links = await reference.links();
  return links && { names: await reference.names(), links };
}

/** What a form's references are checked against inside a transaction: memory first, else the database. */
export function referencesIn(tx: Executor, kept: KeptReferences): ReferenceSource {
  const database = databaseReferences(tx);
  return kept ? memoryReferences(kept.names, kept.links, database) : database;
}
