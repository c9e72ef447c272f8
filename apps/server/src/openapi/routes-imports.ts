import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@tna/domain';
import { z } from 'zod';
import { type RouteDoc, xlsx } from './route-doc.js';
import { list } from './schemas.js';

const summary = z.record(z.string(), z.number().int());
const report = z.object({
  id: z.number().int(),
  kind: z.enum(['facilities', 'users', 'assessments']),
  mode: z.enum(['check', 'confirm']),
  file_name: z.string(),
  summary,
  created_at: z.string(),
  created_by: z.string().nullable(),
});

const run = (mode: string): RouteDoc => ({
  tag: 'Imports',
  summary: mode,
  answer: {
    file: 'application/x-ndjson',
    description:
      'JSON lines: `{"type":"progress","rows","fraction"}` while the file is read, then `{"type":"done","mode","summary":{rows,create,update,unchanged,locked,example,error,written},"errors":[{row,field,column,message}],"more_errors","report_id"}` (the first 1,000 problems; all are in the report), or `{"type":"failed","message","written"}`. Texts in the language of `lang` or Accept-Language.',
  },
  body: {
    schema: z.object({ file: z.string().meta({ format: 'binary' }).describe('The .xlsx or .csv (UTF-8) file') }),
    contentTypes: ['multipart/form-data'],
  },
  errors: [409, 415],
});

/** The imports of issue 16. */
export const IMPORT_ROUTES: Record<string, RouteDoc> = {
  'GET /api/imports/:kind/template': {
    tag: 'Imports',
    summary: 'The template of an import, in the language of `lang`',
    answer: xlsx(
      'A sheet named after the import (header: label and API field name; an example row), the allowed values, instructions',
    ),
  },
  'POST /api/imports/:kind/:mode': {
    ...run('A dry run (`check`: writes nothing) or the import (`confirm`: writes the valid rows) of a file'),
    description: `At most ${IMPORT_MAX_BYTES / 1024 / 1024} MB and ${IMPORT_MAX_ROWS} rows; not a macro workbook, an old .xls or a zip bomb (413/415, nothing written). Rows are recognised by facility code, user email, or form number and tazkira, and updated or left alone, never duplicated. One import at a time per server (409).`,
  },
  'GET /api/imports/:kind/reports': {
    tag: 'Imports',
    summary: 'The latest reports of an import (kept a week)',
    answer: list(report),
  },
  'GET /api/imports/reports/:id': {
    tag: 'Imports',
    summary: 'A report: every row of the file with its result and errors',
    answer: xlsx('The rows as they were sent, then Row, Result and Errors columns'),
  },
};
