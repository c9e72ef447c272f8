import type { AdminUnitDto, FacilityDto, ListResponse, TrainingDto } from '@tna/domain';
import { departmentsQueryOptions } from '../api/get-departments';
import { positionsQueryOptions } from '../api/get-positions';
import { provincesQueryOptions } from '../api/get-provinces';
import { referenceKeys } from '../api/reference-keys';
import { apiClient } from '../api-client';
import { queryClient } from '../query-client';
import type { ReferenceSnapshot } from './db';
import { readReference, writeReference } from './reference-store';

/** A copy older than this is fetched again when the server can be reached. */
const MAX_AGE_MS = 6 * 60 * 60_000;
/** An answer in the query cache younger than this is taken as it is. */
const FRESH_MS = 60_000;

interface Lists {
  provinces: AdminUnitDto[];
  departments: { id: number }[];
  positions: unknown[];
  trainings: TrainingDto[];
  /** By province id. */
  districts: Record<string, AdminUnitDto[]>;
  /** By province id. */
  facilities: Record<string, FacilityDto[]>;
}

function groupBy<T>(items: readonly T[], key: (item: T) => number | null): Map<number | null, T[]> {
  const groups = new Map<number | null, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/** How long seeding holds the main thread before it lets the browser paint and answer input. */
const SLICE_MS = 8;

/**
 * Run `steps` in slices of a few milliseconds, each slice a task of its own. Seeding puts about 450
 * lists into the cache (a province's districts, a district's facilities, a department's trainings),
 * and in one go that was a task of 150-400 ms on a slow phone, right after the page had shown
 * (Lighthouse's Total Blocking Time, issue 15).
 */
async function inSlices(steps: Iterable<() => void>): Promise<void> {
  let sliceStart = performance.now();
  for (const step of steps) {
    step();
    if (performance.now() - sliceStart > SLICE_MS) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      sliceStart = performance.now();
    }
  }
}

/**
 * Put the lists into the query cache under the keys the form's cascades ask for: districts by
 * province, facilities by district, trainings by department. `onlyMissing` keeps fresher answers.
 */
function seed(snapshot: ReferenceSnapshot, onlyMissing: boolean): Promise<void> {
  const lists = snapshot.lists as unknown as Lists;
  // Seeded from the device at start as stale (updatedAt 0): the device's copy is what the form shows
  // until the server answers, never a reason not to ask it. Marked with its real age, a copy taken
  // minutes ago counted as fresh and hid a district or facility an admin had just added until the
  // query's staleTime ran out.
  const set = (key: readonly unknown[], data: unknown) => () => {
    if (onlyMissing && queryClient.getQueryData(key) !== undefined) return;
    queryClient.setQueryData(key, data, { updatedAt: onlyMissing ? 0 : Date.parse(snapshot.savedAt) });
  };
  function* steps() {
    yield set(referenceKeys.provinces, lists.provinces);
    yield set(referenceKeys.departments, lists.departments);
    yield set(referenceKeys.positions, lists.positions);
    yield set(referenceKeys.trainings, lists.trainings);
    for (const [provinceId, districts] of Object.entries(lists.districts)) {
      yield set(referenceKeys.districts(Number(provinceId)), districts);
      const byDistrict = groupBy(lists.facilities[provinceId] ?? [], (f) => f.district_id);
      for (const district of districts)
        yield set(referenceKeys.hospitalsByDistrict(district.id), byDistrict.get(district.id) ?? []);
    }
    const byDepartment = groupBy(lists.trainings, (t) => t.department_id);
    for (const department of lists.departments) {
      yield set(referenceKeys.trainingsByDepartment(department.id), byDepartment.get(department.id) ?? []);
    }
  }
  return inSlices(steps());
}

/** At start: the copy kept on this device, so the form works before (or without) the network. */
export async function hydrateReference(owner: string): Promise<ReferenceSnapshot | undefined> {
  const snapshot = await readReference(owner);
  if (snapshot) await seed(snapshot, true);
  return snapshot;
}

/** GET /api/reference/offline: every province's districts and facilities, in one answer. */
interface Places {
  districts: AdminUnitDto[];
  facilities: FacilityDto[];
}

/**
 * Fetch every list the form needs and keep them for this user. Fails as a whole, leaving the
 * previous copy, when the link drops meanwhile. The districts and facilities of all 34 provinces
 * come in one request: at two a province (68) they cost a slow link many round trips, and a slow
 * phone about 3.5 ms of main thread to start each (issue 15).
 */
export async function refreshReference(owner: string, force = false): Promise<void> {
  const kept = await readReference(owner);
  if (!force && kept && Date.now() - Date.parse(kept.savedAt) < MAX_AGE_MS) return;
  // A list the page fetched a moment ago is the server's answer already: asked again, the first visit
  // of New Assessment sent provinces, departments and positions twice (76 KB more on a slow link).
  const fresh = { staleTime: force ? 0 : FRESH_MS };
  const [provinces, departments, positions, trainings, places] = await Promise.all([
    queryClient.fetchQuery({ ...provincesQueryOptions(), ...fresh }),
    queryClient.fetchQuery({ ...departmentsQueryOptions(), ...fresh }),
    queryClient.fetchQuery({ ...positionsQueryOptions(), ...fresh }),
    // The whole list (the admin screen's own query lives in its feature); seeded below by department.
    apiClient.get<ListResponse<TrainingDto>>('/trainings').then((r) => r.data),
    apiClient.get<{ data: Places }>('/reference/offline').then((r) => r.data),
  ]);
  const districts = groupBy(places.districts, (d) => d.parent_id);
  const facilities = groupBy(places.facilities, (f) => f.province_id);
  const lists: Lists = {
    provinces,
    departments,
    positions,
    trainings,
    districts: Object.fromEntries(provinces.map((p) => [String(p.id), districts.get(p.id) ?? []])),
    facilities: Object.fromEntries(provinces.map((p) => [String(p.id), facilities.get(p.id) ?? []])),
  };
  const snapshot = { owner, savedAt: new Date().toISOString(), lists: lists as unknown as Record<string, unknown> };
  await writeReference(owner, snapshot.lists);
  await seed(snapshot, false);
}
