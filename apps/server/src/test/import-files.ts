import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

// The test context as the uploads need it, not helpers.ts's TestContext: bench/imports.ts imports this
// file, and helpers.ts type-checks only beside the test setup (vitest's provided values).
type UploadContext = { app: FastifyInstance; adminToken: string };

/** An XLSX of one sheet (or more), from rows of values. */
export async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The columns of an assessment import, by the API's field names (SPEC 3 spellings), in the order the
 * template has them. Shared with bench/imports.ts, so that the tests and the benchmark send the same
 * file layout.
 */
export const ASSESSMENT_COLUMNS = [
  'form_no',
  'tazkira',
  'assessment_date',
  'name',
  'lastname',
  'fathername',
  'birth_year',
  'gender',
  'marital_status',
  'perminent_province_id',
  'perminent_district_id',
  'perminent_address_details',
  'temp_province_id',
  'temp_district_id',
  'hospital',
  'job_address',
  'temp_address_details',
  'department_id',
  'position_id',
  'education_level',
  'education_field',
  'graduated_university',
  'experience',
  'implementing_organization',
  'phone',
  'remarks',
  'priority_1_training',
  'priority_2_training',
  'priority_3_training',
  'priority_3_department',
] as const;
export type AssessmentColumn = (typeof ASSESSMENT_COLUMNS)[number];

/** A header row as the template writes it: `<label> (<field>)`, the field in brackets is what counts. */
export function importHeader(columns: readonly AssessmentColumn[], label = ''): string[] {
  return columns.map((field) => `${label}(${field})`);
}

/** A row of values in the order of `columns`; a field not given is an empty cell. */
export function importRow<T>(
  columns: readonly AssessmentColumn[],
  values: Partial<Record<AssessmentColumn, T>>,
): (T | null)[] {
  return columns.map((field) => values[field] ?? null);
}

/** A CSV (UTF-8) from rows of values. */
export function csv(rows: unknown[][]): Buffer {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return Buffer.from(`${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`);
}

/** The lines of an import's answer (application/x-ndjson). */
// biome-ignore lint/suspicious/noExplicitAny: events of several shapes, read as a client reads them
export function events(res: LightMyRequestResponse): any[] {
  return res.body
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));
}

/** POST a file to an import as multipart, as the web app and curl -F send it. */
export function upload(
  t: UploadContext,
  url: string,
  file: Buffer,
  name = 'data.xlsx',
  token = t.adminToken,
  headers: Record<string, string> = {},
) {
  const boundary = '----tna-import-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return t.app.inject({
    method: 'POST',
    url,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      ...headers,
    },
    payload: Buffer.concat([head, file, tail]),
  });
}
