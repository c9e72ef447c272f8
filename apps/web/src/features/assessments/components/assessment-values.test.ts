import { describe, expect, it } from 'vitest';
import { toSubmission, validateAssessment } from './assessment-rules';
import {
  type AssessmentFormValues,
  duplicateQuery,
  emptyValues,
  isBlank,
  sanitizeValues,
  today,
  valuesFromDto,
} from './assessment-values';

function complete(): AssessmentFormValues {
  return {
    ...emptyValues(),
    assessment_date: '2024-05-01',
    form_no: ' KBL-1 ',
    name: 'احمد',
    lastname: 'کریمی',
    fathername: 'محمود',
    birth_year: '1988',
    perminent_province_id: '3',
    perminent_district_id: '40',
    perminent_address_details: 'Charikar',
    temp_province_id: '1',
    temp_district_id: '35',
    hospital: '7',
    job_address: 'District hospital',
    marital_status: 'married',
    gender: 'male',
    temp_address_details: 'Karte 4',
    department_id: '1',
    position_id: '21',
    education_level: 'Bachelor',
    education_field: 'Midwifery',
    graduated_university: 'KUMS',
    experience: '1-5',
    implementing_organization: 'AHDS',
    phone: '+93 700 123 456',
    tazkira: '1400-0101-55555',
    priorities: [{ department: 1, training: 8, priority: 1 }],
  };
}

describe('the assessment form values', () => {
  it('start empty with today and the phone prefix, and count as blank', () => {
    const values = emptyValues();
    expect(values.phone).toBe('+937');
    expect(values.assessment_date).toBe(today());
    expect(values.priorities).toEqual([]);
    expect(isBlank(values)).toBe(true);
    expect(isBlank({ ...values, name: 'x' })).toBe(false);
    expect(isBlank({ ...values, priorities: [{ department: 1, training: 2, priority: 3 }] })).toBe(false);
  });

  it('today is the local calendar day, not the UTC one', () => {
    expect(today(new Date(2024, 0, 5, 0, 30))).toBe('2024-01-05');
  });

  it('an empty form: every required field says so, and the priority list is required', () => {
    const errors = validateAssessment(emptyValues());
    for (const field of [
      'form_no',
      'name',
      'birth_year',
      'perminent_province_id',
      'hospital',
      'gender',
      'experience',
    ]) {
      expect(errors[field], field).toBe('validation.required');
    }
    expect(errors.hr_id).toBeUndefined();
    expect(errors.remarks).toBeUndefined();
    expect(errors.phone).toBe('validation.minlength');
    expect(errors.priorities).toBe('validation.priorities');
  });

  it('a complete form passes and is sent with numbers for ids, trimmed text and a clean phone', () => {
    expect(validateAssessment(complete())).toEqual({});
    const submission = toSubmission(complete());
    expect(submission.data).toMatchObject({
      form_no: 'KBL-1',
      birth_year: 1988,
      hospital: 7,
      temp_district_id: 35,
      phone: '+93700123456',
      hr_id: null,
      remarks: null,
    });
    expect(submission.priorities).toEqual([{ department: 1, training: 8, priority: 1 }]);
    expect(duplicateQuery(submission, 12)).toEqual({
      id: 12,
      tazkira: '1400-0101-55555',
      name: 'احمد',
      fathername: 'محمود',
      birth_year: 1988,
      hospital: 7,
    });
  });

  it('the same training twice is refused on the second line', () => {
    const values = {
      ...complete(),
      priorities: [
        { department: 1, training: 8, priority: 1 },
        { department: 1, training: 8, priority: 2 },
      ],
    };
    expect(validateAssessment(values)).toEqual({ 'priorities.1.training': 'validation.duplicateTraining' });
  });

  it('a future date and a bad phone are refused with their own messages', () => {
    const errors = validateAssessment({ ...complete(), assessment_date: '2999-01-01', phone: '+93abc1234567' });
    expect(errors.assessment_date).toBe('validation.notFuture');
    expect(errors.phone).toMatch(/^validation\.mobile\|/);
  });

  it('a stored draft is made safe: unknown keys dropped, missing ones filled, bad lines left out', () => {
    const values = sanitizeValues({
      name: 'Zarghona',
      birth_year: 1990,
      hospital: '',
      surprise: 'x',
      priorities: [{ department: 1, training: 2, priority: 3 }, { department: 'x' }, null],
    });
    expect(values.name).toBe('Zarghona');
    expect(values.birth_year).toBe('1990');
    expect(values.hospital).toBeNull();
    expect(values.phone).toBe('+937');
    expect('surprise' in values).toBe(false);
    expect(values.priorities).toEqual([{ department: 1, training: 2, priority: 3 }]);
    expect(sanitizeValues('garbage')).toEqual(emptyValues());
  });

  it('fills the edit form from the saved record and its priority lines', () => {
    const dto = {
      ...toSubmission(complete()).data,
      id: 5,
      assessment_date: '2024-05-01',
      hr_id: null,
      remarks: null,
      hospital_id: 7,
      hospital: { id: 7, name: 'H', code: 'C', type: 'DH' },
      phone: '+93700123456',
    } as unknown as Parameters<typeof valuesFromDto>[0];
    const values = valuesFromDto(dto, [
      {
        id: 1,
        priority: 2,
        department: { id: 1, name: 'D', name_dr: null, name_pa: null },
        training: { id: 9, title_en: 'T', title_dr: null, title_pa: null },
      },
    ]);
    expect(values).toMatchObject({ hospital: '7', birth_year: '1988', hr_id: '', remarks: '', department_id: '1' });
    expect(values.priorities).toEqual([{ department: 1, training: 9, priority: 2 }]);
    expect(validateAssessment(values)).toEqual({});
  });
});
