import { describe, expect, it } from 'vitest';
import { ROLES } from './constants.js';
import { ACTIONS, can, homePathFor, PERMISSIONS } from './permissions.js';

// The whole table, role by role: a change to who may do what must change this test too.
const EXPECTED: Record<(typeof ROLES)[number], readonly string[]> = {
  admin: ACTIONS,
  validator: [
    'dashboard.read',
    'analytics.read',
    'profile.update',
    'reference.read',
    'tna.list.new',
    'tna.list.approved',
    'tna.list.archived',
    'tna.details',
    'tna.export',
    'tna.review',
  ],
  dataentry: [
    'dashboard.read',
    'analytics.read',
    'profile.update',
    'reference.read',
    'tna.create',
    'tna.myforms',
    'tna.list.rejected',
    'tna.details',
    'tna.edit',
    'tna.resubmit',
  ],
  internal_viewer: [
    'dashboard.read',
    'analytics.read',
    'profile.update',
    'reference.read',
    'tna.list.approved',
    'tna.details',
  ],
  external_viewer: ['dashboard.read', 'analytics.read', 'profile.update', 'reference.read'],
};

describe('permissions', () => {
  for (const role of ROLES) {
    for (const action of ACTIONS) {
      const allowed = EXPECTED[role].includes(action);
      it(`${role} ${allowed ? 'may' : 'may not'} ${action}`, () => {
        expect(can([role], action)).toBe(allowed);
      });
    }
  }

  it('names only known roles', () => {
    for (const roles of Object.values(PERMISSIONS)) for (const r of roles) expect(ROLES).toContain(r);
  });

  it('nobody without a role may do anything', () => {
    for (const action of ACTIONS) expect(can([], action)).toBe(false);
  });

  it.each([
    [['dataentry'], '/tna'],
    [['validator'], '/tna'],
    [['admin'], '/'],
    [['internal_viewer'], '/'],
    [['external_viewer'], '/'],
  ])('after login %j lands on %s', (roles, path) => {
    expect(homePathFor(roles)).toBe(path);
  });
});
