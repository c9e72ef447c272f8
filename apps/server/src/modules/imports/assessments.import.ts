import {
  type AssessmentFields,
  assessmentFieldsSchema,
  fieldErrorsOf,
  IMPORT_PRIORITY_COLUMNS,
  LOCKED_STATUSES,
  type PriorityLineInput,
  prioritiesSchema,
  tazkiraKey,
  toLatinDigits,
} from '@tna/domain';
import { AppError } from '../../lib/app-error.js';
import { referenceErrors } from '../assessments/assessment-references.js';
import { findAssessment } from '../assessments/assessments.repository.js';
import { applyAssessmentUpdate, assessmentColumns, insertAssessments } from '../assessments/assessments.service.js';
import { ASSESSMENT_COLUMNS } from './columns.js';
import { type ImportHandler, matchError, type ParseContext, type RowError, rowErrors, same } from './handler.js';
import { assessmentsByFormNo } from './imports.repository.js';
import type { RawCell } from './sheet-reader.js';
import { dateText, digitsText, text, yearText } from './values.js';

export interface AssessmentRow {
  fields: AssessmentFields;
  lines: PriorityLineInput[];
}
type Existing = Awaited<ReturnType<typeof assessmentsByFormNo>>[number];

const EXAMPLE = 'example-1';

/** A form number as the database's index compares it (formNoKey in the schema). */
const formKey = (formNo: string) => toLatinDigits(formNo).toLowerCase();
const keyOf = (formNo: string, tazkira: string) => `${formKey(formNo)}\u0000${tazkiraKey(tazkira)}`;

/** The place, facility and catalogue columns as ids, each matched by name or code (or an error). */
function references(cell: (field: string) => RawCell, { lookup, scope }: ParseContext, errors: RowError[]) {
  const ids: Record<string, number | undefined> = {};
  const match = (field: string, find: (value: string) => ReturnType<typeof lookup.province>) => {
    const value = text(cell(field));
    if (value === null) return;
    const m = find(value);
    if ('id' in m) ids[field] = m.id;
    else errors.push(matchError(field, m, value));
  };
  match('perminent_province_id', (v) => lookup.province(v));
  const permProvince = ids.perminent_province_id;
  if (permProvince !== undefined) match('perminent_district_id', (v) => lookup.district(permProvince, v));
  match('temp_province_id', (v) => lookup.province(v));
  const jobProvince = ids.temp_province_id;
  // Rows of provinces the importing user does not work in are refused, as the submit refuses them.
  if (jobProvince !== undefined && scope && !scope.includes(jobProvince)) {
    errors.push({ field: 'temp_province_id', key: 'validation.provinceScope' });
  }
  if (jobProvince !== undefined) match('temp_district_id', (v) => lookup.district(jobProvince, v));
  match('hospital', (v) => lookup.facility(ids.temp_district_id, v));
  match('department_id', (v) => lookup.department(v));
  match('position_id', (v) => lookup.position(v));
  return ids;
}

/** Priority N's training (and, if given, its department) as a line of priority N. */
function priorityLines(cell: (field: string) => RawCell, { lookup }: ParseContext, errors: RowError[]) {
  const lines: PriorityLineInput[] = [];
  const columnOfLine: number[] = [];
  for (let n = 1; n <= IMPORT_PRIORITY_COLUMNS; n++) {
    const trainingText = text(cell(`priority_${n}_training`));
    const departmentText = text(cell(`priority_${n}_department`));
    if (trainingText === null) {
      if (departmentText !== null) errors.push({ field: `priority_${n}_training`, key: 'validation.required' });
      continue;
    }
    let departmentId: number | undefined;
    if (departmentText !== null) {
      const d = lookup.department(departmentText);
      if ('id' in d) departmentId = d.id;
      else {
        errors.push(matchError(`priority_${n}_department`, d, departmentText));
        continue;
      }
    }
    const t = lookup.training(trainingText, departmentId);
    if (!('id' in t)) {
      errors.push(matchError(`priority_${n}_training`, t, trainingText));
      continue;
    }
    lines.push({ department: departmentId ?? lookup.departmentOfTraining(t.id)!, training: t.id, priority: n });
    columnOfLine.push(n);
  }
  return { lines, columnOfLine };
}

/**
 * Assessments typed from paper forms, with up to five priority lines, recognised by form number and
 * tazkira: a NEW or REJECTED form the database holds is corrected (or left alone when nothing
 * differs), an approved or archived one is never touched, a new one is created as NEW. Every form
 * goes through the domain's schemas and the reference checks of the API, and is written by the same
 * service functions as POST /api/tnas and /api/tnas/update.
 */
export const assessmentsImport: ImportHandler<AssessmentRow, Existing> = {
  kind: 'assessments',
  columns: ASSESSMENT_COLUMNS,
  exampleKey: EXAMPLE,

  async parse(cell, ctx) {
    const errors: RowError[] = [];
    const ids = references(cell, ctx, errors);
    const { lines, columnOfLine } = priorityLines(cell, ctx, errors);
    const input = {
      assessment_date: dateText(cell('assessment_date')),
      form_no: digitsText(cell('form_no')),
      hr_id: digitsText(cell('hr_id')),
      name: text(cell('name')),
      lastname: text(cell('lastname')),
      fathername: text(cell('fathername')),
      birth_year: yearText(cell('birth_year')),
      perminent_address_details: text(cell('perminent_address_details')),
      job_address: text(cell('job_address')),
      temp_address_details: text(cell('temp_address_details')),
      marital_status: ctx.values.value('maritalStatus', cell('marital_status')),
      gender: ctx.values.value('gender', cell('gender')),
      education_level: ctx.values.value('education', cell('education_level')),
      education_field: text(cell('education_field')),
      graduated_university: text(cell('graduated_university')),
      experience: ctx.values.value('experience', cell('experience')),
      implementing_organization: text(cell('implementing_organization')),
      phone: digitsText(cell('phone')),
      tazkira: digitsText(cell('tazkira')),
      remarks: text(cell('remarks')),
      ...ids,
    };
    const key = input.form_no && input.tazkira ? keyOf(input.form_no, input.tazkira) : undefined;
    if (input.form_no && formKey(input.form_no) === EXAMPLE) return { errors: [], example: true };
    const matched = new Set(errors.map((e) => e.field));
    const fields = assessmentFieldsSchema.safeParse(input);
    if (!fields.success) errors.push(...rowErrors(fieldErrorsOf(fields.error)).filter((e) => !matched.has(e.field)));
    const lineColumn = (field: string) => {
      const m = /^priorities\.(\d+)\.(\w+)$/.exec(field);
      if (m) return `priority_${columnOfLine[Number(m[1])]}_${m[2] === 'department' ? 'department' : 'training'}`;
      return field === 'priorities' ? 'priority_1_training' : field;
    };
    const checked = prioritiesSchema.safeParse(lines);
    if (!checked.success && !errors.some((e) => e.field.startsWith('priority_'))) {
      const lineErrors = fieldErrorsOf(checked.error);
      errors.push(...rowErrors(lineErrors, (f) => lineColumn(f === '' ? 'priorities' : `priorities.${f}`)));
    }
    if (errors.length || !fields.success || !checked.success) return { errors, ...(key ? { key } : {}) };
    // The checks of the API (district in its province, facility in its district, training in its department).
    errors.push(...rowErrors(await referenceErrors(ctx.lookup.references(), fields.data, checked.data), lineColumn));
    if (errors.length) return { errors, key: key! };
    return { value: { fields: fields.data, lines: checked.data }, key: key!, errors };
  },

  async existing(db, keys) {
    const formKeys = [...new Set(keys.map((k) => k.split('\u0000')[0]!))];
    const found = await assessmentsByFormNo(db, formKeys);
    return new Map(found.map((e) => [keyOf(e.row.formNo, e.row.tazkira), e]));
  },

  plan(value, existing) {
    if (!existing) return { outcome: 'create' };
    const { row } = existing;
    if ((LOCKED_STATUSES as readonly string[]).includes(row.status)) {
      return {
        outcome: 'locked',
        id: row.id,
        error: { field: '', key: 'imports.errors.locked', params: { status: row.status } },
      };
    }
    const columns = assessmentColumns(value.fields) as Record<string, unknown>;
    const sameFields = Object.entries(columns).every(([k, v]) =>
      same(v ?? null, (row as Record<string, unknown>)[k] ?? null),
    );
    const order = (l: { priority: number; training: number }[]) =>
      [...l].sort((a, b) => a.priority - b.priority || a.training - b.training).map((x) => [x.priority, x.training]);
    const unchanged = sameFields && same(order(existing.lines), order(value.lines));
    return { outcome: unchanged ? 'unchanged' : 'update', id: row.id };
  },

  async write(w, items, { lookup, userId, fileName }) {
    const refs = lookup.references();
    const creates = items.filter((i) => i.plan.outcome === 'create').map((i) => i.value);
    if (creates.length) await insertAssessments(w, userId, creates, refs, `Imported from ${fileName}`.slice(0, 2000));
    for (const { value, plan } of items) {
      if (plan.outcome !== 'update') continue;
      const row = await findAssessment(w.tx, plan.id, true);
      if (!row || (LOCKED_STATUSES as readonly string[]).includes(row.status)) {
        throw AppError.conflict('This assessment was approved or archived meanwhile.', 'imports.errors.locked', {
          status: row?.status ?? 'ARCHIVED',
        });
      }
      await applyAssessmentUpdate(w, userId, row, value.fields, value.lines, refs);
    }
  },
};
