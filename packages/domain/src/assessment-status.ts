import type { Role } from './constants.js';

/** The statuses of an assessment (SPEC section 4). */
export const ASSESSMENT_STATUSES = ['NEW', 'APPROVED', 'REJECTED', 'ARCHIVED'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

export interface StatusMove {
  from: AssessmentStatus;
  to: AssessmentStatus;
  /** Roles that may make this move. `creator` means the user who entered the form (checked by the server). */
  roles: readonly Role[];
  creatorOnly?: boolean;
  why: string;
}

/**
 * The one table of legal moves. APPROVED and ARCHIVED are final. Remarks are required on every move.
 * The review issue grows the rules around it; every other module reads this table.
 */
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
