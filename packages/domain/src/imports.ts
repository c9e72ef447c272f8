/** What can be imported from a spreadsheet (issue 16), each by the key that recognises a row again. */
export const IMPORT_KINDS = ['facilities', 'users', 'assessments'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** A dry run (`check`) writes nothing; `confirm` writes the valid rows. */
export const IMPORT_MODES = ['check', 'confirm'] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** The largest file accepted: 50,000 assessments as XLSX take about 6 MB, as CSV about 20 MB. */
export const IMPORT_MAX_BYTES = 40 * 1024 * 1024;
/** Rows of data in one file at most (split larger lists). */
export const IMPORT_MAX_ROWS = 100_000;
/** Priority lines an assessment row can carry: one training per priority, 1 to 5. */
export const IMPORT_PRIORITY_COLUMNS = 5;

/** What became of a row: written (or, in a dry run, would be), left alone, or refused. */
export const IMPORT_OUTCOMES = ['create', 'update', 'unchanged', 'locked', 'example', 'error'] as const;
export type ImportOutcome = (typeof IMPORT_OUTCOMES)[number];

export type ImportSummary = Record<ImportOutcome, number> & { rows: number; written: number };

/** One problem of one row, in the language of the request. */
export interface ImportRowError {
  row: number;
  /** The API field name, or '' for the row as a whole. */
  field: string;
  /** The column's header as the template writes it in that language. */
  column: string;
  message: string;
}

/**
 * The answer of a dry run or an import, streamed as JSON lines (application/x-ndjson) so that a
 * client can show progress: `progress` lines while the file is read, then `done` (or `failed`).
 */
export type ImportEvent =
  | { type: 'progress'; rows: number; fraction: number }
  | {
      type: 'done';
      mode: ImportMode;
      summary: ImportSummary;
      /** The first problems (all of them are in the report). */
      errors: ImportRowError[];
      more_errors: number;
      report_id: number;
    }
  | { type: 'failed'; message: string; written: number };

export interface ImportReportDto {
  id: number;
  kind: ImportKind;
  mode: ImportMode;
  file_name: string;
  summary: ImportSummary;
  created_at: string;
  created_by: string | null;
}
