/** The statuses of an assessment (SPEC section 4). Who may move a form between them: policy.ts. */
export const ASSESSMENT_STATUSES = ['NEW', 'APPROVED', 'REJECTED', 'ARCHIVED'] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];
