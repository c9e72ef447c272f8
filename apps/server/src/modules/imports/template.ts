import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type Language,
  RTL_LANGUAGES,
  VALUE_LABEL_KEYS,
  type ValueKind,
} from '@tna/domain';
import ExcelJS from 'exceljs';
import type { Executor } from '../../db/client.js';
import { type Translate, translator } from '../../lib/translations.js';
import { COLUMNS, headerOf, type ValueList } from './columns.js';
import { loadReferenceRows, type ReferenceRows } from './imports.repository.js';

/** A name in the language, else Dari, else English (the reference data's names are [en, fa, ps]). */
function local(names: (string | null)[], language: Language): string {
  const [en, fa, ps] = names;
  return (language === 'fa' ? fa : language === 'ps' ? (ps ?? fa) : en) ?? en ?? '';
}

/** The allowed values of a list, as columns of the values sheet: a header and the values under it. */
function valueColumns(list: ValueList, t: Translate, refs: ReferenceRows, language: Language): [string, string[]][] {
  if (list in VALUE_LABEL_KEYS) {
    const keys = VALUE_LABEL_KEYS[list as ValueKind] as Record<string, string>;
    return [[t(`imports.values.${list}`), Object.entries(keys).map(([value, key]) => `${value} - ${t(key)}`)]];
  }
  const unit = new Map(refs.units.map((u) => [u.id, u]));
  const dept = new Map(refs.departments.map((d) => [d.id, d]));
  switch (list) {
    case 'province': {
      const provinces = refs.units.filter((u) => u.type === 'province');
      return [
        [t('imports.values.province'), provinces.map((p) => local(p.names, language))],
        [t('imports.values.code'), provinces.map((p) => p.code ?? '')],
      ];
    }
    case 'district': {
      const districts = refs.units.filter((u) => u.type === 'district');
      return [
        [t('imports.values.district'), districts.map((d) => local(d.names, language))],
        [t('imports.values.code'), districts.map((d) => d.code ?? '')],
        [t('imports.values.ofProvince'), districts.map((d) => local(unit.get(d.parentId!)?.names ?? [], language))],
      ];
    }
    case 'facility':
      return [
        [t('imports.values.facilityCode'), refs.facilities.map((f) => f.code ?? '')],
        [t('imports.values.facility'), refs.facilities.map((f) => f.name)],
        [
          t('imports.values.ofDistrict'),
          refs.facilities.map((f) => local(unit.get(f.districtId)?.names ?? [], language)),
        ],
      ];
    case 'department':
      return [[t('imports.values.department'), refs.departments.map((d) => local(d.names, language))]];
    case 'position':
      return [[t('imports.values.position'), refs.positions.map((p) => local(p.names, language))]];
    case 'training':
      return [
        [t('imports.values.training'), refs.trainings.map((tr) => local(tr.names, language))],
        [
          t('imports.values.ofDepartment'),
          refs.trainings.map((tr) => local(dept.get(tr.departmentId)?.names ?? [], language)),
        ],
      ];
    default:
      return [];
  }
}

/** The example row: real places and catalogue entries of this database, and a key the import skips. */
function exampleRow(
  kind: ImportKind,
  t: Translate,
  refs: ReferenceRows,
  language: Language,
): Record<string, string | number> {
  const province = refs.units.find((u) => u.type === 'province');
  const district = refs.units.find((u) => u.type === 'district' && u.parentId === province?.id);
  const place = {
    province: province ? local(province.names, language) : '',
    district: district ? local(district.names, language) : '',
  };
  const label = (kind: ValueKind, value: string) => t((VALUE_LABEL_KEYS[kind] as Record<string, string>)[value]!);
  if (kind === 'facilities') {
    return {
      code: 'EXAMPLE-1',
      name: t('imports.template.exampleFacility'),
      type: 'DH',
      province_id: place.province,
      district_id: place.district,
      status: label('facilityStatus', 'Existing'),
      is_her_hf: label('yesNo', 'no'),
      latitude: 34.5553,
      longtitude: 69.2075,
    };
  }
  if (kind === 'users') {
    return {
      name: t('imports.template.exampleName'),
      email: 'example.user@moph.gov.af',
      role: label('role', 'dataentry'),
      provinces: place.province,
      password: '',
    };
  }
  const facility = refs.facilities.find((f) => f.districtId === district?.id) ?? refs.facilities[0];
  const department = refs.departments.find((d) => refs.trainings.filter((tr) => tr.departmentId === d.id).length >= 2);
  const trainings = refs.trainings.filter((tr) => tr.departmentId === department?.id);
  return {
    form_no: 'EXAMPLE-1',
    tazkira: '1400-0101-12345',
    assessment_date: new Date().toISOString().slice(0, 10),
    name: t('imports.template.exampleName'),
    lastname: t('imports.template.exampleLastname'),
    fathername: t('imports.template.exampleFather'),
    birth_year: 1990,
    gender: label('gender', 'female'),
    marital_status: label('maritalStatus', 'married'),
    perminent_province_id: place.province,
    perminent_district_id: place.district,
    perminent_address_details: t('imports.template.exampleAddress'),
    temp_province_id: facility
      ? local(refs.units.find((u) => u.id === facility.provinceId)?.names ?? [], language)
      : place.province,
    temp_district_id: facility
      ? local(refs.units.find((u) => u.id === facility.districtId)?.names ?? [], language)
      : place.district,
    hospital: facility?.code ?? facility?.name ?? '',
    job_address: t('imports.template.exampleAddress'),
    temp_address_details: t('imports.template.exampleAddress'),
    department_id: department ? local(department.names, language) : '',
    position_id: refs.positions[0] ? local(refs.positions[0].names, language) : '',
    education_level: label('education', '14 Grade'),
    education_field: t('imports.template.exampleField'),
    graduated_university: t('imports.template.exampleInstitution'),
    experience: label('experience', '5-10'),
    implementing_organization: 'MoPH',
    phone: '+93701234567',
    priority_1_training: trainings[0] ? local(trainings[0].names, language) : '',
    priority_2_training: trainings[1] ? local(trainings[1].names, language) : '',
  };
}

/**
 * The template of an import, in the active language: a sheet named after the import with a header
 * per column (the label, then the API field name) and an example row; a sheet of the allowed values
 * (from this database); and a sheet of instructions. Small, so exceljs writes it in memory.
 */
export async function buildTemplate(db: Executor, kind: ImportKind, language: Language): Promise<Buffer> {
  const t = translator(language);
  const refs = await loadReferenceRows(db);
  const rtl = (RTL_LANGUAGES as readonly string[]).includes(language);
  const book = new ExcelJS.Workbook();
  book.creator = 'TNA System';
  const views = [{ state: 'frozen' as const, ySplit: 1, rightToLeft: rtl }];
  const data = book.addWorksheet(kind, { views });
  const columns = COLUMNS[kind];
  data.columns = columns.map((c) => ({
    header: headerOf(t, c),
    key: c.field,
    width: 24,
    ...(c.text ? { style: { numFmt: '@' } } : {}),
  }));
  data.getRow(1).font = { bold: true };
  const example = data.addRow(exampleRow(kind, t, refs, language));
  example.font = { italic: true, color: { argb: 'FF6B7280' } };

  const values = book.addWorksheet(t('imports.template.valuesSheet').slice(0, 31), { views: [{ rightToLeft: rtl }] });
  const lists = [...new Set(columns.flatMap((c) => (c.values ? [c.values] : [])))];
  let at = 1;
  for (const list of lists) {
    for (const [header, items] of valueColumns(list, t, refs, language)) {
      const col = values.getColumn(at++);
      col.width = 28;
      col.values = [header, ...items];
    }
  }
  values.getRow(1).font = { bold: true };

  const help = book.addWorksheet(t('imports.template.helpSheet').slice(0, 31), { views: [{ rightToLeft: rtl }] });
  help.getColumn(1).width = 120;
  const lines = [
    t(`imports.template.help.${kind}`),
    t('imports.template.help.header'),
    t('imports.template.help.example', { sheet: kind }),
    t('imports.template.help.names'),
    ...(kind === 'assessments' ? [t('imports.template.help.dates'), t('imports.template.help.priorities')] : []),
    ...(kind === 'users' ? [t('imports.template.help.passwords'), t('imports.template.help.provinces')] : []),
    t('imports.template.help.limits', {
      rows: IMPORT_MAX_ROWS.toLocaleString('en'),
      mb: IMPORT_MAX_BYTES / 1024 / 1024,
    }),
  ];
  for (const line of lines) help.addRow([line]).alignment = { wrapText: true, vertical: 'top' };
  return Buffer.from(await book.xlsx.writeBuffer());
}
