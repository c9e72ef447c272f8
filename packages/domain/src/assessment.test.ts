import { describe, expect, it } from 'vitest';
import { assessmentFieldsSchema, phone } from './assessment.js';
import { tazkiraKey } from './text.js';

/** A complete, valid assessment as the API takes it, with the fields under test overridden. */
function fields(overrides: Record<string, unknown>) {
  return {
    assessment_date: '2025-11-21',
    form_no: 'KBL-1',
    hr_id: null,
    name: 'احمد',
    lastname: 'کریمی',
    fathername: 'محمود',
    birth_year: 1988,
    perminent_province_id: 1,
    perminent_district_id: 1,
    perminent_address_details: 'ناحیه ۲',
    temp_province_id: 1,
    temp_district_id: 1,
    hospital: 1,
    job_address: 'کابل',
    temp_address_details: 'کابل',
    marital_status: 'married',
    gender: 'male',
    department_id: 1,
    position_id: 1,
    education_level: 'Bachelor',
    education_field: 'قابلگی',
    graduated_university: 'کابل',
    experience: '1-5',
    implementing_organization: 'AHDS',
    phone: '+93700123456',
    tazkira: '1400-0101-55555',
    remarks: null,
    ...overrides,
  };
}

describe('digits typed on a Dari or Pashto keyboard', () => {
  it('accepts a phone number in Persian or Arabic-Indic digits and stores it in Latin ones', () => {
    expect(phone().parse('+۹۳۷۰۰۱۲۳۴۵۶')).toBe('+93700123456');
    expect(phone().parse('٠٠٩٣ ٧٠٠ ١٢٣ ٤٥٦')).toBe('0093700123456');
  });

  it('still refuses a phone number that is too short, whatever its digits', () => {
    expect(phone().safeParse('+۹۳۷').success).toBe(false);
  });

  it('stores a tazkira in Latin digits, so it is the one the duplicate check finds', () => {
    const parsed = assessmentFieldsSchema.parse(fields({ tazkira: '۱۴۰۰-۰۱۰۱-۵۵۵۵۵', phone: '+۹۳۷۰۰۱۲۳۴۵۶' }));
    expect(parsed.tazkira).toBe('1400-0101-55555');
    expect(parsed.phone).toBe('+93700123456');
    expect(tazkiraKey(parsed.tazkira)).toBe(tazkiraKey('1400010155555'));
  });

  it('takes a birth year in Persian digits', () => {
    expect(assessmentFieldsSchema.parse(fields({ birth_year: '۱۹۸۸' })).birth_year).toBe(1988);
  });

  it('keeps Dari text as typed', () => {
    expect(
      assessmentFieldsSchema.parse(fields({ perminent_address_details: 'ناحیه ۲' })).perminent_address_details,
    ).toBe('ناحیه ۲');
  });
});
