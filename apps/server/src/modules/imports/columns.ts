import { IMPORT_PRIORITY_COLUMNS, type ImportKind, nameKey, type ValueKind } from '@tna/domain';
import type { Translate } from '../../lib/translations.js';

/** The lists of allowed values the template's second sheet shows (and the values a column takes). */
export type ValueList = ValueKind | 'province' | 'district' | 'facility' | 'department' | 'position' | 'training';

/** A column of an import: its API field name, its header in each language, what it takes. */
export interface ImportColumn {
  field: string;
  /** Translation key of the header (with `n` for the priority columns). */
  label: string;
  params?: Record<string, number>;
  /** The file must have this column (a row may still leave an optional one empty). */
  required?: boolean;
  values?: ValueList;
  /** Text a spreadsheet must not turn into a number (leading zeros, +93...). */
  text?: boolean;
  /** Headers of the app's own Excel export that mean this column, so an export can be imported. */
  aliases?: string[];
}

const c = (field: string, label: string, extra: Omit<ImportColumn, 'field' | 'label'> = {}): ImportColumn => ({
  field,
  label,
  ...extra,
});

export const FACILITY_COLUMNS: readonly ImportColumn[] = [
  c('code', 'hospitals.code', { required: true, text: true }),
  c('name', 'hospitals.name', { required: true }),
  c('type', 'hospitals.type', { required: true, values: 'facilityType' }),
  c('province_id', 'hospitals.province', { required: true, values: 'province' }),
  c('district_id', 'hospitals.district', { required: true, values: 'district' }),
  c('status', 'hospitals.status', { values: 'facilityStatus' }),
  c('is_her_hf', 'hospitals.isHerHf', { values: 'yesNo' }),
  c('latitude', 'hospitals.latitude'),
  c('longtitude', 'hospitals.longitude'),
];

export const USER_COLUMNS: readonly ImportColumn[] = [
  c('name', 'users.name', { required: true }),
  c('email', 'users.email', { required: true }),
  c('role', 'users.role', { required: true, values: 'role' }),
  c('provinces', 'imports.columns.provinces', { values: 'province' }),
  c('password', 'users.password', { text: true }),
];

const priorityColumns = Array.from({ length: IMPORT_PRIORITY_COLUMNS }, (_, i) => [
  c(`priority_${i + 1}_training`, 'imports.columns.priorityTraining', {
    params: { n: i + 1 },
    values: 'training',
    aliases: [`Priority ${i + 1} Training`],
  }),
  c(`priority_${i + 1}_department`, 'imports.columns.priorityDepartment', {
    params: { n: i + 1 },
    values: 'department',
    aliases: [`Priority ${i + 1} Department`],
  }),
]).flat();

export const ASSESSMENT_COLUMNS: readonly ImportColumn[] = [
  c('form_no', 'tna.fields.form_no', { required: true, text: true, aliases: ['Form No'] }),
  c('tazkira', 'tna.fields.tazkira', { required: true, text: true, aliases: ['Tazkira No'] }),
  c('assessment_date', 'tna.fields.assessment_date', { required: true, aliases: ['Assessment Date'] }),
  c('hr_id', 'tna.fields.hr_id', { text: true, aliases: ['HR ID'] }),
  c('name', 'tna.fields.name', { required: true, aliases: ['Name'] }),
  c('lastname', 'tna.fields.lastname', { required: true, aliases: ['Last Name'] }),
  c('fathername', 'tna.fields.fathername', { required: true, aliases: ['Father Name'] }),
  c('birth_year', 'tna.fields.birth_year', { required: true, aliases: ['Birth Year'] }),
  c('gender', 'tna.fields.gender', { required: true, values: 'gender', aliases: ['Gender'] }),
  c('marital_status', 'tna.fields.marital_status', {
    required: true,
    values: 'maritalStatus',
    aliases: ['Marital Status'],
  }),
  c('perminent_province_id', 'imports.columns.permanentProvince', {
    required: true,
    values: 'province',
    aliases: ['Permanent Province'],
  }),
  c('perminent_district_id', 'imports.columns.permanentDistrict', {
    required: true,
    values: 'district',
    aliases: ['Permanent District'],
  }),
  c('perminent_address_details', 'imports.columns.permanentAddress', {
    required: true,
    aliases: ['Permanent Address'],
  }),
  c('temp_province_id', 'imports.columns.jobProvince', {
    required: true,
    values: 'province',
    aliases: ['Job Province'],
  }),
  c('temp_district_id', 'imports.columns.jobDistrict', {
    required: true,
    values: 'district',
    aliases: ['Job District'],
  }),
  c('hospital', 'imports.columns.facility', {
    required: true,
    values: 'facility',
    aliases: ['Facility Code', 'Health Facility'],
  }),
  c('job_address', 'tna.fields.job_address', { required: true, aliases: ['Job Address'] }),
  c('temp_address_details', 'tna.fields.temp_address_details', { required: true, aliases: ['Current Address'] }),
  c('department_id', 'tna.fields.department_id', { required: true, values: 'department', aliases: ['Department'] }),
  c('position_id', 'tna.fields.position_id', { required: true, values: 'position', aliases: ['Position'] }),
  c('education_level', 'tna.fields.education_level', { required: true, values: 'education', aliases: ['Education'] }),
  c('education_field', 'tna.fields.education_field', { required: true, aliases: ['Field of Study'] }),
  c('graduated_university', 'tna.fields.graduated_university', {
    required: true,
    aliases: ['Educational Institution'],
  }),
  c('experience', 'tna.fields.experience', { required: true, values: 'experience', aliases: ['Years of Experience'] }),
  c('implementing_organization', 'tna.fields.implementing_organization', {
    required: true,
    aliases: ['Implementing Partner'],
  }),
  c('phone', 'tna.fields.phone', { required: true, text: true, aliases: ['Phone'] }),
  c('remarks', 'tna.fields.remarks', { aliases: ['Remarks'] }),
  ...priorityColumns,
];

export const COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  facilities: FACILITY_COLUMNS,
  users: USER_COLUMNS,
  assessments: ASSESSMENT_COLUMNS,
};

/** A column's header as the template writes it: its label in the language, then its API name. */
export function headerOf(t: Translate, column: ImportColumn): string {
  return `${t(column.label, column.params)} (${column.field})`;
}

/** Which column each header of a file is (-1: not one of ours); the API name in brackets decides first. */
export function mapHeader(
  header: string[],
  columns: readonly ImportColumn[],
  translators: Translate[],
): { index: Map<string, number>; missing: ImportColumn[] } {
  const byName = new Map<string, ImportColumn>();
  for (const col of columns) {
    byName.set(col.field, col);
    for (const t of translators) byName.set(nameKey(t(col.label, col.params)), col);
  }
  const index = new Map<string, number>();
  const rank = new Map<string, number>();
  header.forEach((text, i) => {
    const bracket = /\(([a-z0-9_]+)\)\s*$/i.exec(text)?.[1]?.toLowerCase();
    let col = bracket ? byName.get(bracket) : undefined;
    let r = 0;
    if (!col) {
      col = byName.get(text.trim().toLowerCase()) ?? byName.get(nameKey(text));
      r = 1;
    }
    if (!col) {
      col = columns.find((cand) => cand.aliases?.some((a) => nameKey(a) === nameKey(text)));
      r = col ? 2 + (col.aliases ?? []).findIndex((a) => nameKey(a) === nameKey(text)) : r;
    }
    if (!col) return;
    if (!index.has(col.field) || r < rank.get(col.field)!) {
      index.set(col.field, i);
      rank.set(col.field, r);
    }
  });
  return { index, missing: columns.filter((col) => col.required && !index.has(col.field)) };
}
