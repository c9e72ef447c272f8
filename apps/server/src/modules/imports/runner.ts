import { PassThrough } from 'node:stream';
import { setImmediate as yieldToOthers } from 'node:timers/promises';
import {
  IMPORT_OUTCOMES,
  type ImportMode,
  type ImportOutcome,
  type ImportRowError,
  type ImportSummary,
  LANGUAGES,
  type Language,
} from '@tna/domain';
import { type Actor, audited } from '../../db/audited.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { translator } from '../../lib/translations.js';
import { type Cell, XlsxStreamWriter } from '../../lib/xlsx-stream.js';
import { headerOf, mapHeader } from './columns.js';
import { type ImportHandler, type Parsed, type Plan, type RowError, rowErrors } from './handler.js';
import { loadReferenceRows } from './imports.repository.js';
import { Lookup } from './lookup.js';
import type { RawCell, SheetRows } from './sheet-reader.js';
import { text, ValueMatcher } from './values.js';

/** Problems sent to the screen; the report holds them all. */
const MAX_LISTED_ERRORS = 1_000;

export interface RunOptions {
  db: Db;
  mode: ImportMode;
  // biome-ignore lint/suspicious/noExplicitAny: each kind has its own row and record types
  handler: ImportHandler<any, any>;
  sheet: SheetRows;
  fileName: string;
  language: Language;
  actor: Actor & { userId: number };
  /** The importing user's provinces (policy.provinceScope), null for all: rows of others are refused. */
  scope?: readonly number[] | null;
  /** Rows per transaction (and per lookup of what the database holds). */
  batchSize: number;
  /** Batches written at the same time (each in its own transaction and connection). */
  writers: number;
  onProgress(rows: number, fraction: number): void;
}

export interface RunResult {
  summary: ImportSummary;
  errors: ImportRowError[];
  moreErrors: number;
  /** The report's XLSX file, in slices of about 1 MB, in order. */
  report: Buffer[];
}

interface Item {
  number: number;
  cells: RawCell[];
  parsed: Parsed<unknown>;
  outcome?: ImportOutcome;
  plan?: Plan;
  errors: RowError[];
}

/** The size of the report's slices (see collector). */
const REPORT_SLICE_BYTES = 1 << 20;

/**
 * Collects a workbook written as a stream, in slices of about 1 MB. A report of 50,000 rows is about
 * 10 MB: saved whole it was copied once into one buffer and once more into a 20 MB hex text for the
 * database, at the end of an import whose heap was already full (the server's peak, issue 16).
 */
function collector() {
  const out = new PassThrough();
  const slices: Buffer[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const close = () => {
    if (pendingBytes) slices.push(Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  out.on('data', (c: Buffer) => {
    pending.push(c);
    pendingBytes += c.length;
    if (pendingBytes >= REPORT_SLICE_BYTES) close();
  });
  return {
    out,
    slices: () => {
      close();
      return slices;
    },
  };
}

const isBlank = (cells: RawCell[]) => cells.every((c) => text(c) === null);

/**
 * Read a file's rows, check each with the API's rules, find what the database holds under each
 * row's key, and (when confirming) write the valid rows a batch per transaction, each row with its
 * audit entry. A batch that fails is written again row by row, so one bad row costs only itself.
 * Every row goes into the report with what became of it; memory holds one batch, not the file.
 */
export async function runImport(o: RunOptions): Promise<RunResult> {
  const t = translator(o.language);
  const columns = o.handler.columns;
  const { index } = mapHeader(o.sheet.header, columns, LANGUAGES.map(translator));
  const headerText = new Map(columns.map((c) => [c.field, headerOf(t, c)]));
  const ctx = {
    lookup: new Lookup(await loadReferenceRows(o.db)),
    values: new ValueMatcher(LANGUAGES.map(translator)),
    scope: o.scope ?? null,
  };
  const summary = Object.fromEntries([
    ...IMPORT_OUTCOMES.map((k) => [k, 0]),
    ['rows', 0],
    ['written', 0],
  ]) as ImportSummary;
  const errors: ImportRowError[] = [];
  let moreErrors = 0;
  const seen = new Map<string, number>();

  const file = collector();
  const report = new XlsxStreamWriter(file.out, t(`imports.kinds.${o.handler.kind}`).slice(0, 31), []);
  const width = o.sheet.header.length;
  await report.addHeader([
    ...o.sheet.header,
    t('imports.report.row'),
    t('imports.report.result'),
    t('imports.report.errors'),
  ]);

  // A form's status is named as the screens name it.
  const messageOf = (e: RowError) =>
    t(e.key, e.params?.status ? { ...e.params, status: t(`tna.statuses.${e.params.status}`) } : e.params);
  const columnOf = (field: string) => headerText.get(field) ?? (field ? field : t('imports.report.wholeRow'));

  /** What each row will do: in file order, since a row may repeat an earlier one of the file. */
  const plan = async (batch: Item[]) => {
    const keys = [...new Set(batch.flatMap((i) => (i.parsed.value && i.parsed.key ? [i.parsed.key] : [])))];
    const existing = await o.handler.existing(o.db, keys);
    for (const item of batch) {
      const { parsed } = item;
      if (parsed.example) item.outcome = 'example';
      else if (parsed.key && seen.has(parsed.key)) {
        item.errors.push({ field: '', key: 'imports.errors.duplicateInFile', params: { row: seen.get(parsed.key)! } });
      } else if (parsed.value !== undefined) {
        item.plan = o.handler.plan(parsed.value, existing.get(parsed.key!));
        item.outcome = item.plan.outcome;
        if (item.plan.outcome === 'locked') item.errors.push(item.plan.error);
      }
      if (parsed.key && !seen.has(parsed.key)) seen.set(parsed.key, item.number);
      if (item.errors.length && item.outcome !== 'locked') item.outcome = 'error';
    }
  };

  /** The batch's rows into the summary, the problems and the report, in file order. */
  const record = async (batch: Item[]) => {
    const rows: Cell[][] = [];
    for (const item of batch) {
      const outcome = item.outcome!;
      summary[outcome] += 1;
      if ((outcome === 'create' || outcome === 'update') && o.mode === 'confirm') summary.written += 1;
      for (const e of item.errors) {
        if (errors.length < MAX_LISTED_ERRORS) {
          errors.push({ row: item.number, field: e.field, column: columnOf(e.field), message: messageOf(e) });
        } else moreErrors += 1;
      }
      const cells: Cell[] = Array.from({ length: width }, (_, i) => {
        const c = item.cells[i];
        return c instanceof Date ? c.toISOString().slice(0, 10) : typeof c === 'boolean' ? String(c) : (c ?? null);
      });
      rows.push([
        ...cells,
        item.number,
        t(`imports.outcomes.${o.mode}.${outcome}`),
        item.errors.map((e) => `${columnOf(e.field)}: ${messageOf(e)}`).join('\n'),
      ]);
    }
    await report.addRows(rows);
    o.onProgress(read, o.sheet.fraction());
    // Let the server answer everyone else between batches.
    await yieldToOthers();
  };

  // While batches are written (up to `writers` at once, each in its transaction), the next one is read
  // and checked: parsing and the database overlap, and at most writers + 1 batches are in memory.
  const inFlight: Promise<void>[] = [];
  let recorded: Promise<void> = Promise.resolve();
  const dispatch = async (batch: Item[]) => {
    await plan(batch);
    const written = o.mode === 'confirm' ? writeBatch(o, batch, ctx) : Promise.resolve();
    recorded = Promise.all([recorded, written]).then(() => record(batch));
    // Awaited below or at the end; not an unhandled rejection meanwhile.
    recorded.catch(() => {});
    inFlight.push(recorded);
    while (inFlight.length > o.writers) await inFlight.shift();
  };

  let read = 0;
  let batch: Item[] = [];
  for await (const { number, cells } of o.sheet.rows) {
    if (isBlank(cells)) continue;
    summary.rows += 1;
    const cell = (field: string): RawCell => {
      const i = index.get(field);
      return i === undefined ? null : (cells[i] ?? null);
    };
    const parsed = await o.handler.parse(cell, ctx);
    batch.push({ number, cells, parsed, errors: [...parsed.errors] });
    if (batch.length >= o.batchSize) {
      read = summary.rows;
      await dispatch(batch);
      batch = [];
    }
  }
  read = summary.rows;
  if (batch.length) await dispatch(batch);
  await Promise.all(inFlight);
  await report.finish();
  return { summary, errors, moreErrors, report: file.slices() };
}

/** Write the batch's valid rows in one transaction; if it fails, each row alone to find the bad ones. */
async function writeBatch(o: RunOptions, batch: Item[], ctx: { lookup: Lookup }) {
  const writable = batch.filter((i) => i.outcome === 'create' || i.outcome === 'update');
  if (!writable.length) return;
  const items = writable.map((i) => ({ value: i.parsed.value, plan: i.plan! }));
  await o.handler.prepare?.(items);
  const context = { lookup: ctx.lookup, userId: o.actor.userId, fileName: o.fileName };
  const write = (some: typeof items) =>
    withRetries(() => audited(o.db, o.actor, (w) => o.handler.write(w, some, context)));
  try {
    await write(items);
    return;
  } catch (error) {
    if (!(error instanceof AppError) && !integrityViolation(error)) throw error;
  }
  for (const [n, item] of writable.entries()) {
    try {
      await write([items[n]!]);
    } catch (error) {
      item.outcome = 'error';
      if (error instanceof AppError) {
        item.errors.push(
          ...(error.fieldErrors
            ? rowErrors(error.fieldErrors)
            : [{ field: '', key: error.messageKey?.key ?? 'errors.CONFLICT', params: error.messageKey?.params ?? {} }]),
        );
      } else if (integrityViolation(error)) {
        // The data changed under the import (a facility deleted meanwhile...): this row only.
        item.errors.push({ field: '', key: 'imports.errors.writeFailed' });
      } else throw error;
    }
  }
}

/** SQLSTATE of an error or of what caused it, whichever driver raised it. */
function sqlState(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * Batches written side by side both add to the same counts (assessment_tallies, kept by a trigger),
 * and PostgreSQL may pick one of them as a deadlock's victim: its transaction is tried again.
 */
async function withRetries<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= 4 || (state !== '40P01' && state !== '40001')) throw error;
    }
  }
}

/** A constraint of the database refused the row (SQLSTATE class 23), whichever driver said so. */
function integrityViolation(error: unknown): boolean {
  return sqlState(error)?.startsWith('23') ?? false;
}
