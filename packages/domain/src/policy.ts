import { ASSESSMENT_STATUSES, type AssessmentStatus } from './assessment-status.js';
import { ROLES, type Role } from './constants.js';

/**
 * The one access policy of the product: who may do what, for a user (roles and provinces) and, where
 * a record is involved, a form (status, creator, job province). The server enforces it on every route
 * and every read and write; the web app asks the same functions what to show. SPEC section 6 gives
 * most rules; where it is silent the reason for our choice is written beside the rule.
 */

// ---------------------------------------------------------------------------------------------------
// Route-level actions: what a role may reach at all.

export const ACTIONS = [
  'dashboard.read',
  'analytics.read',
  'profile.update',
  'reference.read',
  'reference.manage',
  'users.manage',
  'performance.read',
  'logs.read',
  'data.import',
  'tna.create',
  'tna.myforms',
  'tna.list.new',
  'tna.list.approved',
  'tna.list.rejected',
  'tna.list.archived',
  'tna.details',
  'tna.edit',
  'tna.export',
] as const;
export type Action = (typeof ACTIONS)[number];

const ALL = ROLES;

export const PERMISSIONS: Record<Action, readonly Role[]> = {
  // SPEC 6: dashboard and assessments are visible to all signed-in users.
  'dashboard.read': ALL,
  // The analytics page is reached from the dashboard ('Advanced Dashboard'), so it follows it.
  // It shows aggregates only, never a person's record.
  'analytics.read': ALL,
  // Every user keeps their own name and password.
  'profile.update': ALL,
  // The assessment form and the list filters need the lists, so every signed-in user may read them.
  'reference.read': ALL,
  // SPEC 6: the reference-data screens and their Edit/Delete are admin only.
  'reference.manage': ['admin'],
  'users.manage': ['admin'],
  'performance.read': ['admin'],
  'logs.read': ['admin'],
  // Imports (issue 16) write reference data, accounts and forms in bulk: admins only.
  'data.import': ['admin'],
  // SPEC 6 tiles: New and My Assessments need admin or dataentry.
  'tna.create': ['admin', 'dataentry'],
  'tna.myforms': ['admin', 'dataentry'],
  // SPEC 6 tiles: Validate needs admin or validator.
  'tna.list.new': ['admin', 'validator'],
  // SPEC 6 tiles: Approved needs admin, validator or internal_viewer.
  'tna.list.approved': ['admin', 'validator', 'internal_viewer'],
  // SPEC 6 tiles: Rejected needs admin or dataentry.
  'tna.list.rejected': ['admin', 'dataentry'],
  // SPEC 6 tiles: Archived needs admin or validator.
  'tna.list.archived': ['admin', 'validator'],
  // A person's record is opened by those who can reach it from a list they may read. The external
  // viewer sees aggregates only (dashboard, analytics), never a health worker's personal data.
  'tna.details': ['admin', 'validator', 'dataentry', 'internal_viewer'],
  // Data entry corrects NEW (own) and REJECTED forms; admins may correct any editable form.
  'tna.edit': ['admin', 'dataentry'],
  // SPEC 6: the Excel export button is for admin and validator only.
  'tna.export': ['admin', 'validator'],
};

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** True when any of the user's roles grants the action. */
export function can(roles: readonly string[], action: Action): boolean {
  const allowed = PERMISSIONS[action];
  return roles.some((r) => (allowed as readonly string[]).includes(r));
}

/** SPEC 5 role check: passes if the user holds any of the requested roles. */
export function hasAnyRole(roles: readonly string[], wanted: readonly Role[]): boolean {
  return roles.some((r) => (wanted as readonly string[]).includes(r));
}

/** SPEC 2: after login, dataentry and validator users land on /tna, all others on /. */
export function homePathFor(roles: readonly string[]): '/' | '/tna' {
  return hasAnyRole(roles, ['dataentry', 'validator']) ? '/tna' : '/';
}

/** Which list of SPEC 6's tiles shows assessments of a status, and so who may read it. */
export const LIST_ACTION_BY_STATUS = {
  NEW: 'tna.list.new',
  APPROVED: 'tna.list.approved',
  REJECTED: 'tna.list.rejected',
  ARCHIVED: 'tna.list.archived',
} as const satisfies Record<AssessmentStatus, Action>;

// ---------------------------------------------------------------------------------------------------
// Province scope (issue 13; what DHIS2 calls organisation-unit assignment).

/** The user as the policy sees them. `provinces` empty or missing = every province. */
export interface PolicyUser {
  id: number;
  roles: readonly string[];
  provinces?: readonly number[] | null;
}

/** The facts of a form that decide who may do what with it. */
export interface PolicyForm {
  status: AssessmentStatus;
  createdBy: number | null;
  /** The job province (`temp_province_id`): the province whose directorate owns the form. */
  provinceId: number;
}

/**
 * The provinces a user works in, or null for all of them. Admins always see every province: they keep
 * the reference data and the users of the whole country.
 */
export function provinceScope(user: PolicyUser): readonly number[] | null {
  if (user.roles.includes('admin')) return null;
  return user.provinces?.length ? user.provinces : null;
}

/** Whether a province lies in the user's scope. */
export function inScope(user: PolicyUser, provinceId: number): boolean {
  const scope = provinceScope(user);
  return scope === null || scope.includes(provinceId);
}

/**
 * A stable text for a user's scope, for cache keys: two users with the same scope share cached pages,
 * two with different scopes never do.
 */
export function scopeKey(user: PolicyUser): string {
  const scope = provinceScope(user);
  return scope === null ? '*' : [...new Set(scope)].sort((a, b) => a - b).join(',');
}

// ---------------------------------------------------------------------------------------------------
// Status moves (SPEC 4).

export interface StatusMove {
  from: AssessmentStatus;
  to: AssessmentStatus;
  /** Roles that may make this move. */
  roles: readonly Role[];
  /** Only the officer who entered the form (or an admin) may make it. */
  creatorOnly?: boolean;
  why: string;
}

/** The one table of legal moves. APPROVED and ARCHIVED are final. Remarks are required on every move. */
export const STATUS_MOVES: readonly StatusMove[] = [
  { from: 'NEW', to: 'APPROVED', roles: ['admin', 'validator'], why: 'validators review NEW forms' },
  { from: 'NEW', to: 'REJECTED', roles: ['admin', 'validator'], why: 'validators review NEW forms' },
  {
    from: 'REJECTED',
    to: 'NEW',
    roles: ['admin', 'dataentry'],
    why: "data-entry officers send a corrected form back for review ('As a New')",
  },
  {
    from: 'REJECTED',
    to: 'ARCHIVED',
    roles: ['admin', 'dataentry'],
    why: 'a rejected form that cannot be corrected is archived by data entry',
  },
  {
    from: 'NEW',
    to: 'ARCHIVED',
    roles: ['admin', 'dataentry'],
    creatorOnly: true,
    why: 'an officer archives a duplicate or wrong entry of their own from My Assessments',
  },
];

export function findMove(from: AssessmentStatus, to: AssessmentStatus): StatusMove | undefined {
  return STATUS_MOVES.find((m) => m.from === from && m.to === to);
}

/** Statuses whose form can no longer be edited. */
export const LOCKED_STATUSES: readonly AssessmentStatus[] = ['APPROVED', 'ARCHIVED'];

// ---------------------------------------------------------------------------------------------------
// A user and a form.

const isAdmin = (user: PolicyUser) => user.roles.includes('admin');
const isCreator = (user: PolicyUser, form: PolicyForm) => form.createdBy !== null && form.createdBy === user.id;

/**
 * Whether the user may open a form (details, priorities, history, and so change it at all).
 * - admins and validators: every form of their provinces (validators review and look back at any status);
 * - data entry: the forms they entered (wherever their provinces later moved), and REJECTED forms of
 *   their provinces (any officer there may correct a rejected form: SPEC 2's Rejected list);
 * - internal viewers: APPROVED forms of their provinces (SPEC 6: the Approved tile);
 * - external viewers: none (aggregates only).
 */
export function mayRead(user: PolicyUser, form: PolicyForm): boolean {
  if (isAdmin(user)) return true;
  const scoped = inScope(user, form.provinceId);
  if (user.roles.includes('validator') && scoped) return true;
  if (user.roles.includes('dataentry')) {
    if (isCreator(user, form)) return true;
    if (form.status === 'REJECTED' && scoped) return true;
  }
  if (user.roles.includes('internal_viewer') && form.status === 'APPROVED' && scoped) return true;
  return false;
}

/** Why an edit is refused: the form is final, or it is another officer's NEW form. */
export type EditRefusal = 'unreadable' | 'forbidden' | 'locked' | 'notCreator';

/**
 * Whether the user may correct a form: NEW forms by the officer who entered them (or an admin), and
 * REJECTED forms by data entry of the province (or an admin). APPROVED and ARCHIVED are final.
 * Returns null when the edit is allowed, else why not (the server answers 404, 403, 409, 403).
 */
export function editRefusal(user: PolicyUser, form: PolicyForm): EditRefusal | null {
  if (!mayRead(user, form)) return 'unreadable';
  if (!can(user.roles, 'tna.edit')) return 'forbidden';
  if (LOCKED_STATUSES.includes(form.status)) return 'locked';
  if (form.status === 'NEW' && !isAdmin(user) && !isCreator(user, form)) return 'notCreator';
  return null;
}

export function mayEdit(user: PolicyUser, form: PolicyForm): boolean {
  return editRefusal(user, form) === null;
}

/** Why a move is refused: not readable (404), the role may never make it (403), the form moved on (409), bad input (422). */
export type MoveRefusal = 'unreadable' | 'forbidden' | 'notCreator' | 'stale' | 'invalid';

/**
 * Whether the user may move the form to `to` now. A move the user's roles could make from another
 * status means the form moved on under them (another reviewer was quicker): 'stale'. A move their
 * roles may never make is 'forbidden', whatever the form's status.
 */
export function moveRefusal(user: PolicyUser, form: PolicyForm, to: AssessmentStatus): MoveRefusal | null {
  if (!mayRead(user, form)) return 'unreadable';
  if (!STATUS_MOVES.some((m) => m.to === to)) return 'invalid';
  const rolesMoves = STATUS_MOVES.filter((m) => m.to === to && hasAnyRole(user.roles, m.roles));
  if (!rolesMoves.length) return 'forbidden';
  const move = rolesMoves.find((m) => m.from === form.status);
  if (!move) return 'stale';
  if (move.creatorOnly && !isAdmin(user) && !isCreator(user, form)) return 'notCreator';
  return null;
}

/**
 * The moves offered on a form's Details page (SPEC 4's Clearance form): NEW -> Approve/Reject,
 * REJECTED -> As a New/Archive. Archiving a NEW form is offered from My Assessments instead, so it is
 * left out here unless `includeCreatorMoves` is set.
 */
export function movesFor(user: PolicyUser, form: PolicyForm, includeCreatorMoves = false): AssessmentStatus[] {
  return ASSESSMENT_STATUSES.filter((to) => {
    if (moveRefusal(user, form, to) !== null) return false;
    return includeCreatorMoves || !findMove(form.status, to)?.creatorOnly;
  });
}

/** Whether the user may list a status (SPEC 6 tiles). */
export function mayList(user: Pick<PolicyUser, 'roles'>, status: AssessmentStatus): boolean {
  return can(user.roles, LIST_ACTION_BY_STATUS[status]);
}

/** Whether the user may export a status's list to Excel (SPEC 6: admin and validator; the list's tile too). */
export function mayExport(user: Pick<PolicyUser, 'roles'>, status: AssessmentStatus): boolean {
  return can(user.roles, 'tna.export') && mayList(user, status);
}
