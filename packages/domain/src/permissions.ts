import { ROLES, type Role } from './constants.js';

/**
 * Who may do what, for the whole product. The server checks these on every route; the web app uses
 * the same table to show only what a role may use. SPEC section 6 gives most rules; where it is silent
 * the reason for our choice is written beside the rule.
 */
export const ACTIONS = [
  'dashboard.read',
  'analytics.read',
  'profile.update',
  'reference.read',
  'reference.manage',
  'users.manage',
  'performance.read',
  'logs.read',
  'tna.create',
  'tna.myforms',
  'tna.list.new',
  'tna.list.approved',
  'tna.list.rejected',
  'tna.list.archived',
  'tna.details',
  'tna.edit',
  'tna.export',
  'tna.review',
  'tna.resubmit',
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
  // Validators approve or reject NEW forms.
  'tna.review': ['admin', 'validator'],
  // Data entry sends a rejected form back as NEW, or archives it.
  'tna.resubmit': ['admin', 'dataentry'],
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
} as const satisfies Record<string, Action>;
