/**
 * Query keys of the reference data. A change to one kind of record can show in the lists of others
 * (a department's name in the positions and trainings lists), so saves invalidate by these prefixes.
 */
export const referenceKeys = {
  provinces: ['provinces'] as const,
  districts: (provinceId: number) => ['provinces', provinceId, 'districts'] as const,
  hospitals: ['hospitals'] as const,
  departments: ['departments'] as const,
  positions: ['positions'] as const,
  trainings: ['trainings'] as const,
  trainingsByDepartment: (departmentId: number) => ['trainings', 'bydepartment', departmentId] as const,
  /** The facilities of a district, as the assessment form's cascade asks for them. */
  hospitalsByDistrict: (districtId: number) => ['hospitals', 'bydistrict', districtId] as const,
};
