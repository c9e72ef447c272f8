import { describe, expect, it } from 'vitest';
import type { AssessmentStatus } from './assessment-status.js';
import { ROLES, type Role } from './constants.js';
import {
  ACTIONS,
  can,
  editRefusal,
  homePathFor,
  mayExport,
  mayRead,
  moveRefusal,
  movesFor,
  PERMISSIONS,
  type PolicyForm,
  type PolicyUser,
  provinceScope,
  scopeKey,
} from './policy.js';

// Every table below is written out by hand from SPEC section 6 and issue 13, never computed from the
// policy: a change to who may do what must change these tables too.

const ROUTE_ACTIONS: Record<Role, readonly string[]> = {
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

describe('route actions', () => {
  for (const role of ROLES) {
    for (const action of ACTIONS) {
      const allowed = ROUTE_ACTIONS[role].includes(action);
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

// The user works in province 10. Their own forms were entered by them (id 1); others by id 2.
// Each string gives the answer for: own form in province 10, own form in province 20, another's form
// in province 10, another's form in province 20.
const ME = 1;
const IN = 10;
const OUT = 20;
const CASES: ReadonlyArray<[own: boolean, province: number]> = [
  [true, IN],
  [true, OUT],
  [false, IN],
  [false, OUT],
];
const userOf = (role: Role): PolicyUser => ({ id: ME, roles: [role], provinces: [IN] });
const formOf = (status: AssessmentStatus, own: boolean, provinceId: number): PolicyForm => ({
  status,
  createdBy: own ? ME : 2,
  provinceId,
});

const READ: Record<Role, Record<AssessmentStatus, string>> = {
  // Admins see every province whatever their list says.
  admin: { NEW: 'YYYY', APPROVED: 'YYYY', REJECTED: 'YYYY', ARCHIVED: 'YYYY' },
  validator: { NEW: 'YNYN', APPROVED: 'YNYN', REJECTED: 'YNYN', ARCHIVED: 'YNYN' },
  // Their own forms wherever; others' only when REJECTED in their province.
  dataentry: { NEW: 'YYNN', APPROVED: 'YYNN', REJECTED: 'YYYN', ARCHIVED: 'YYNN' },
  internal_viewer: { NEW: 'NNNN', APPROVED: 'YNYN', REJECTED: 'NNNN', ARCHIVED: 'NNNN' },
  external_viewer: { NEW: 'NNNN', APPROVED: 'NNNN', REJECTED: 'NNNN', ARCHIVED: 'NNNN' },
};

describe('who may read a form', () => {
  for (const role of ROLES) {
    for (const [status, expected] of Object.entries(READ[role]) as [AssessmentStatus, string][]) {
      it(`${role}, ${status}: ${expected}`, () => {
        const got = CASES.map(([own, p]) => (mayRead(userOf(role), formOf(status, own, p)) ? 'Y' : 'N')).join('');
        expect(got).toBe(expected);
      });
    }
  }

  it('a user with no provinces works in all of them', () => {
    const user = { id: ME, roles: ['validator'], provinces: [] };
    expect(mayRead(user, formOf('NEW', false, OUT))).toBe(true);
    expect(provinceScope(user)).toBeNull();
  });
});

// '-' = may edit; u = unreadable (404), f = forbidden (403), l = locked (409), c = another's NEW (403).
const EDIT: Record<Role, Record<AssessmentStatus, string>> = {
  admin: { NEW: '----', APPROVED: 'llll', REJECTED: '----', ARCHIVED: 'llll' },
  validator: { NEW: 'fufu', APPROVED: 'fufu', REJECTED: 'fufu', ARCHIVED: 'fufu' },
  dataentry: { NEW: '--uu', APPROVED: 'lluu', REJECTED: '---u', ARCHIVED: 'lluu' },
  internal_viewer: { NEW: 'uuuu', APPROVED: 'fufu', REJECTED: 'uuuu', ARCHIVED: 'uuuu' },
  external_viewer: { NEW: 'uuuu', APPROVED: 'uuuu', REJECTED: 'uuuu', ARCHIVED: 'uuuu' },
};
const EDIT_CODE = { unreadable: 'u', forbidden: 'f', locked: 'l', notCreator: 'c' } as const;

describe('who may correct a form', () => {
  for (const role of ROLES) {
    for (const [status, expected] of Object.entries(EDIT[role]) as [AssessmentStatus, string][]) {
      it(`${role}, ${status}: ${expected}`, () => {
        const got = CASES.map(([own, p]) => {
          const refusal = editRefusal(userOf(role), formOf(status, own, p));
          return refusal ? EDIT_CODE[refusal] : '-';
        }).join('');
        expect(got).toBe(expected);
      });
    }
  }

  it("an admin corrects another officer's NEW form; another officer may not", () => {
    const other = { id: 3, roles: ['dataentry'], provinces: [] };
    expect(editRefusal({ id: 9, roles: ['admin'] }, formOf('NEW', false, IN))).toBeNull();
    // Unreadable first: another officer's NEW form is not theirs to see.
    expect(editRefusal(other, formOf('NEW', false, IN))).toBe('unreadable');
  });
});

// The moves a user may make on a form in their province (SPEC 4), own form | another's form.
const MOVES: Record<Role, Record<AssessmentStatus, [own: string, other: string]>> = {
  admin: {
    NEW: ['APPROVED REJECTED ARCHIVED', 'APPROVED REJECTED ARCHIVED'],
    APPROVED: ['', ''],
    REJECTED: ['NEW ARCHIVED', 'NEW ARCHIVED'],
    ARCHIVED: ['', ''],
  },
  validator: {
    NEW: ['APPROVED REJECTED', 'APPROVED REJECTED'],
    APPROVED: ['', ''],
    REJECTED: ['', ''],
    ARCHIVED: ['', ''],
  },
  dataentry: {
    NEW: ['ARCHIVED', ''],
    APPROVED: ['', ''],
    REJECTED: ['NEW ARCHIVED', 'NEW ARCHIVED'],
    ARCHIVED: ['', ''],
  },
  internal_viewer: { NEW: ['', ''], APPROVED: ['', ''], REJECTED: ['', ''], ARCHIVED: ['', ''] },
  external_viewer: { NEW: ['', ''], APPROVED: ['', ''], REJECTED: ['', ''], ARCHIVED: ['', ''] },
};

describe('which moves a user may make', () => {
  for (const role of ROLES) {
    for (const [status, [own, other]] of Object.entries(MOVES[role]) as [AssessmentStatus, [string, string]][]) {
      it(`${role}, ${status}: own [${own}], another's [${other}]`, () => {
        const sorted = (s: string) => s.split(' ').filter(Boolean).sort().join(' ');
        expect(
          movesFor(userOf(role), formOf(status, true, IN), true)
            .sort()
            .join(' '),
        ).toBe(sorted(own));
        expect(
          movesFor(userOf(role), formOf(status, false, IN), true)
            .sort()
            .join(' '),
        ).toBe(sorted(other));
        // Out of their provinces a validator moves nothing.
        if (role === 'validator') expect(movesFor(userOf(role), formOf(status, false, OUT), true)).toEqual([]);
      });
    }
  }

  it('the Details page offers Approve/Reject on NEW and As a New/Archive on REJECTED (SPEC 4)', () => {
    expect(movesFor({ id: 9, roles: ['admin'] }, formOf('NEW', false, IN))).toEqual(['APPROVED', 'REJECTED']);
    expect(movesFor({ id: 9, roles: ['admin'] }, formOf('REJECTED', false, IN))).toEqual(['NEW', 'ARCHIVED']);
  });

  it.each([
    // A move the role may never make is refused as such (403), whatever the status.
    ['dataentry', 'REJECTED', true, 'APPROVED', 'forbidden'],
    ['validator', 'NEW', false, 'ARCHIVED', 'forbidden'],
    ['internal_viewer', 'APPROVED', false, 'REJECTED', 'forbidden'],
    // A move the role makes from another status: the form moved on (409).
    ['validator', 'APPROVED', false, 'REJECTED', 'stale'],
    ['dataentry', 'ARCHIVED', true, 'NEW', 'stale'],
    // Archiving a NEW form is its creator's.
    ['dataentry', 'NEW', true, 'ARCHIVED', null],
    ['validator', 'NEW', false, 'APPROVED', null],
  ] as const)('%s on a %s form (own: %s) -> %s: %s', (role, status, own, to, expected) => {
    expect(moveRefusal(userOf(role), formOf(status, own, IN), to)).toBe(expected);
  });

  it("another officer of the province cannot archive someone's NEW form: it is not theirs to read", () => {
    expect(moveRefusal(userOf('dataentry'), formOf('NEW', false, IN), 'ARCHIVED')).toBe('unreadable');
  });
});

describe('export and scope keys', () => {
  it.each([
    ['admin', 'NEW', true],
    ['validator', 'NEW', true],
    ['validator', 'REJECTED', false],
    ['dataentry', 'REJECTED', false],
    ['internal_viewer', 'APPROVED', false],
  ] as const)('%s may export %s: %s', (role, status, expected) => {
    expect(mayExport({ roles: [role] }, status)).toBe(expected);
  });

  it('gives one key for one set of provinces, and all provinces for admins', () => {
    expect(scopeKey({ id: 1, roles: ['validator'], provinces: [3, 1, 3] })).toBe('1,3');
    expect(scopeKey({ id: 1, roles: ['validator'], provinces: [] })).toBe('*');
    expect(scopeKey({ id: 1, roles: ['admin'], provinces: [3] })).toBe('*');
  });
});
