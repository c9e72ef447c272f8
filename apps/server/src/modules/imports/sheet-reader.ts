import { createReadStream } from 'node:fs';
import { type Readable, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { Upload } from './upload.js';

/** A cell as read: text, a number, a date (a date cell of Excel), a yes/no, or nothing. */
export type RawCell = string | number | boolean | Date | null;

export interface SheetRows {
  sheetName: string;
  header: string[];
  /** The data rows after the header, with their row number in the file (1 is the first line). */
  rows: AsyncGenerator<{ number: number; cells: RawCell[] }>;
  /** How much of the file has been read, 0 to 1. */
  fraction(): number;
}

/** Counts the bytes that pass, for the progress bar. */
function counter(): Transform & { bytes: number } {
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      t.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  t.bytes = 0;
  return t;
}

/** exceljs's cell values (rich text, links, formulas) as plain values. */
function plain(value: unknown): RawCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; error?: unknown };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return plain(v.result);
    if ('text' in v) return plain(v.text);
    if ('error' in v) return null;
  }
  return String(value);
}

const blank = (cells: RawCell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** The sheet to read: the one named like the import, else the first. */
export function chooseSheet(names: string[], wanted: string): string | undefined {
  return names.find((n) => n.trim().toLowerCase() === wanted.toLowerCase()) ?? names[0];
}

/**
 * Open an uploaded file as rows, streaming: exceljs's streaming reader for XLSX (only the chosen sheet
 * is read; shared strings and styles are kept, the rows are not), papaparse for CSV. The header is the
 * first row that is not empty.
 */
export async function openSheet(upload: Upload, wanted: string): Promise<SheetRows> {
  const sheetNames = upload.sheets;
  const count = counter();
  const source = createReadStream(upload.path).pipe(count);
  const fraction = () => Math.min(1, count.bytes / upload.size);
  const rows = upload.format === 'xlsx' ? xlsxRows(source, chooseSheet(sheetNames, wanted) ?? '') : csvRows(source);
  let first = await rows.next();
  while (!first.done && blank(first.value.cells)) first = await rows.next();
  const header = first.done
    ? []
    : first.value.cells.map((c) =>
        c === null
          ? ''
          : String(c)
              .replace(/^\uFEFF/, '')
              .trim(),
      );
  return {
    sheetName: upload.format === 'xlsx' ? (chooseSheet(sheetNames, wanted) ?? '') : 'csv',
    header,
    rows,
    fraction,
  };
}

async function* xlsxRows(source: Readable, sheetName: string) {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    const named = sheet as unknown as { name?: string } & AsyncIterable<ExcelJS.Row>;
    const wanted = named.name === sheetName;
    for await (const row of named) {
      if (!wanted) continue;
      const values = row.values as unknown[];
      yield { number: row.number, cells: values.slice(1).map(plain) };
    }
    if (wanted) return;
  }
}

async function* csvRows(source: Readable) {
  // Empty lines are kept (and skipped by the reader of the rows), so a row's number is its line.
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {});
  // Decoded here, one decoder for the whole file: papaparse decodes each chunk on its own, which cut
  // a Dari letter that straddled two chunks into two U+FFFD (papaparse PR #1133).
  const decoder = new StringDecoder('utf8');
  source
    .pipe(
      new Transform({
        transform(chunk: Buffer, _enc, done) {
          done(null, decoder.write(chunk));
        },
        flush(done) {
          done(null, decoder.end());
        },
      }),
    )
    .pipe(parser);
  let number = 0;
  for await (const row of parser as AsyncIterable<string[]>) {
    number += 1;
    yield { number, cells: row.map((c) => (c === '' ? null : c)) };
  }
}
