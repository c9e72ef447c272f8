/**
 * Query keys of the assessment screens. The reference lists come from lib/api with the same keys as the
 * reference-data screens (the same answers), so an admin's change there shows here after the next reload.
 */
export const assessmentKeys = {
  all: ['tnas'] as const,
  detail: (id: number) => ['tnas', 'detail', id] as const,
  priorities: (id: number) => ['tnas', 'priorities', id] as const,
  histories: (id: number) => ['tnas', 'histories', id] as const,
  myForms: (status: string, page: number) => ['tnas', 'myforms', status, page] as const,
};
