import { describe, expect, it } from 'vitest';
import type { ReferenceLinks, ReferenceNames } from '../../db/reference-cache.js';
import { memoryReferences, type ReferenceSource } from './assessment-references.js';

// A form's references are checked against the reference data kept in memory, and an id not held
// there (made a moment ago on another instance) against the database.

const names = {
  departments: new Map([[7, {}]]),
  positions: new Map([[9, {}]]),
} as unknown as ReferenceNames;
const links: ReferenceLinks = {
  units: new Map([
    [1, { type: 'province', parentId: null }],
    [2, { type: 'district', parentId: 1 }],
  ]),
  facilityDistricts: new Map([[5, 2]]),
  trainingDepartments: new Map([[11, 7]]),
};

function database(): ReferenceSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    units: async (ids) => {
      asked.push(`units ${ids}`);
      return new Map(ids.map((id) => [id, { id, type: 'district', parentId: 1 }]));
    },
    facility: async (id) => {
      asked.push(`facility ${id}`);
      return { districtId: 3 };
    },
    departments: async (ids) => {
      asked.push(`departments ${ids}`);
      return new Set(ids);
    },
    positionExists: async (id) => {
      asked.push(`position ${id}`);
      return true;
    },
    trainingDepartments: async (ids) => {
      asked.push(`trainings ${ids}`);
      return new Map(ids.map((id) => [id, 8]));
    },
  };
}

describe('references checked in memory', () => {
  it('answers from memory what it holds, without asking the database', async () => {
    const db = database();
    const refs = memoryReferences(names, links, db);
    expect(await refs.units([1, 2])).toEqual(
      new Map([
        [1, { id: 1, type: 'province', parentId: null }],
        [2, { id: 2, type: 'district', parentId: 1 }],
      ]),
    );
    expect(await refs.facility(5)).toEqual({ districtId: 2 });
    expect(await refs.departments([7])).toEqual(new Set([7]));
    expect(await refs.positionExists(9)).toBe(true);
    expect(await refs.trainingDepartments([11])).toEqual(new Map([[11, 7]]));
    expect(db.asked).toEqual([]);
  });

  it('asks the database for an id it does not hold', async () => {
    const db = database();
    const refs = memoryReferences(names, links, db);
    expect((await refs.units([1, 4])).get(4)).toEqual({ id: 4, type: 'district', parentId: 1 });
    expect(await refs.facility(6)).toEqual({ districtId: 3 });
    expect(await refs.departments([7, 8])).toEqual(new Set([7, 8]));
    expect(await refs.positionExists(10)).toBe(true);
    expect(await refs.trainingDepartments([11, 12])).toEqual(
      new Map([
        [11, 8],
        [12, 8],
      ]),
    );
    expect(db.asked).toEqual(['units 1,4', 'facility 6', 'departments 7,8', 'position 10', 'trainings 11,12']);
  });
});
