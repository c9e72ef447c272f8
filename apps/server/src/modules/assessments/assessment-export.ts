import { PassThrough, Readable } from 'node:stream';
import type { Database, Reader } from '../../db/client.js';
import type { FacilityRef, ReferenceCache, ReferenceNames } from '../../db/reference-cache.js';
import { type Cell, XlsxStreamWriter } from '../../lib/xlsx-stream.js';
import { userNames } from '../users/users.repository.js';
import { type ListFilter, scopedFilter } from './assessment-filters.repository.js';
import { BATCH, type LineRow, readBatch, rowsBelow } from './export-batches.repository.js';

/** Excel's limit of rows on a sheet, less the header. */
export const MAX_EXPORT_ROWS = 1_048_575;

type Lang = 'en' | 'fa' | 'ps';

/** A column that is written once in the shared strings: its values repeat from row to row. */
const SHARED = true;

/**
 * Every field a person reads, by its name (not its id), and the priorities 1 to 5; `SHARED` marks
 * the columns whose values repeat (names of places, facilities, trainings...).
 */
const EXPORT_COLUMNS: readonly (readonly [name: string, shared?: boolean])[] = [
  ['ID'],
  ['Status', SHARED],
  ['Assessment Date', SHARED],
  ['Form No'],
  ['HR ID'],
  ['Name'],
  ['Last Name'],
  ['Father Name'],
  ['Birth Year'],
  ['Gender', SHARED],
  ['Marital Status', SHARED],
  ['Permanent Province', SHARED],
  ['Permanent District', SHARED],
  ['Permanent Address'],
  ['Job Province', SHARED],
  ['Job District', SHARED],
  ['Health Facility', SHARED],
  ['Facility Code', SHARED],
  ['Facility Type', SHARED],
  ['Job Address'],
  ['Current Address'],
  ['Department', SHARED],
  ['Position', SHARED],
  ['Education', SHARED],
  ['Field of Study', SHARED],
  ['Educational Institution', SHARED],
  ['Years of Experience', SHARED],
  ['Implementing Partner', SHARED],
  ['Phone'],
  ['Tazkira No'],
  ['Remarks'],
  ['Entered By', SHARED],
  ['Entered At'],
  ...[1, 2, 3, 4, 5].flatMap((n) => [
    [`Priority ${n} Training`, SHARED] as const,
    [`Priority ${n} Department`, SHARED] as const,
  ]),
];
export const EXPORT_HEADER = EXPORT_COLUMNS.map(([name]) => name);
const SHARED_COLUMNS = EXPORT_COLUMNS.flatMap(([, shared], i) => (shared ? [i] : []));
const PRIORITY_COLUMN = EXPORT_HEADER.indexOf('Priority 1 Training');

/** The names an export writes, in its language, by id. */
interface Localized {
  source: ReferenceNames;
  unit: Map<number, string>;
  facility: Map<number, FacilityRef>;
  department: Map<number, string>;
  position: Map<number, string>;
  training: Map<number, string>;
}

function localize(n: ReferenceNames, lang: Lang): Localized {
  const pick = (en: string, dr: string | null, pa: string | null) =>
    lang === 'fa' ? (dr ?? en) : lang === 'ps' ? (pa ?? dr ?? en) : en;
  const each = <T, V>(m: Map<number, T>, f: (v: T) => V) => new Map([...m].map(([id, v]) => [id, f(v)]));
  return {
    source: n,
    unit: each(n.units, (u) => pick(u.name_en, u.name_fa, u.name_ps)),
    facility: n.facilities,
    department: each(n.departments, (d) => pick(d.name, d.name_dr, d.name_pa)),
    position: each(n.positions, (p) => pick(p.title_en, p.title_dr, p.title_pa)),
    training: each(n.trainings, (t) => pick(t.title_en, t.title_dr, t.title_pa)),
  };
}

/**
 * Stream the assessments of a list as an XLSX file with one sheet named `data`. Rows are read in
 * batches (newest first, by id, from the assessments table; names from the reference data in memory)
 * and written as they come (the next batch read while one is written), waiting for the client
 * between batches, so memory stays flat whatever the number of rows.
 */
export function streamExport(
  database: Database,
  reference: ReferenceCache,
  searched: ListFilter,
  scope: readonly number[] | null,
  lang: Lang,
  onError: (e: unknown) => void,
): PassThrough {
  const filter = scopedFilter(searched, scope);
  const out = new PassThrough({ highWaterMark: 1 << 20 });
  const xlsx = new XlsxStreamWriter(out, 'data', SHARED_COLUMNS);
  // The read and the connection it holds end whichever way the export does: finished, failed, or the
  // client gone (the zip's writes then fail, see zip-stream.ts).
  const write = async (reader: Reader) => {
    await xlsx.addHeader(EXPORT_HEADER);
    const enteredBy = await userNames(reader.db);
    let names: Localized | null = null;
    let written = 0;
    // The next batch is read while one is written: the database and this process work at once.
    let next: ReturnType<typeof readBatch> | null = readBatch(reader, filter, 2_147_483_647);
    try {
      while (next) {
        const { rows, lines }: Awaited<ReturnType<typeof readBatch>> = await next;
        next = rows.length === BATCH ? readBatch(reader, filter, rows[rows.length - 1]![0]) : null;
        // A read left behind by a batch that fails must not become an unhandled rejection.
        next?.catch(() => {});
        if (!rows.length) break;
        const covered = (n: ReferenceNames) =>
          rows.every(
            (a) =>
              n.facilities.has(a[16]) &&
              n.units.has(a[12]) &&
              n.units.has(a[15]) &&
              n.positions.has(a[20]) &&
              n.departments.has(a[19]),
          ) && lines.every((l) => n.trainings.has(l[2]) && n.departments.has(l[3]));
        const current = await reference.names(covered);
        if (names?.source !== current) names = localize(current, lang);
        const n = names;
        const byAssessment = new Map<number, LineRow[]>();
        for (const l of lines) {
          const list = byAssessment.get(l[0]);
          if (list) list.push(l);
          else byAssessment.set(l[0], [l]);
        }
        const take = rows.slice(0, Math.max(0, MAX_EXPORT_ROWS - written));
        await xlsx.addRows(
          take.map((a) => {
            const facility = n.facility.get(a[16]);
            const row: Cell[] = [
              a[0],
              a[1],
              a[2],
              a[3],
              a[4],
              a[5],
              a[6],
              a[7],
              a[8],
              a[9],
              a[10],
              n.unit.get(a[11]),
              n.unit.get(a[12]),
              a[13],
              n.unit.get(a[14]),
              n.unit.get(a[15]),
              facility?.name,
              facility?.code,
              facility?.type,
              a[17],
              a[18],
              n.department.get(a[19]),
              n.position.get(a[20]),
              a[21],
              a[22],
              a[23],
              a[24],
              a[25],
              a[26],
              a[27],
              a[28],
              enteredBy.get(a[29]),
              a[30],
            ];
            for (const l of byAssessment.get(a[0]) ?? []) {
              const p = l[1];
              if (p < 1 || p > 5) continue;
              row[PRIORITY_COLUMN + (p - 1) * 2] = n.training.get(l[2]);
              row[PRIORITY_COLUMN + (p - 1) * 2 + 1] = n.department.get(l[3]);
            }
            return row;
          }),
        );
        written += take.length;
        if (written >= MAX_EXPORT_ROWS || out.destroyed) break;
      }
    } finally {
      // A read still under way finishes before its connection is given back.
      await next?.catch(() => {});
    }
    await xlsx.finish();
  };
  void (async () => {
    const reader = await database.reader();
    try {
      await write(reader);
    } finally {
      await reader.release();
    }
  })().catch((error) => {
    // A client that went away (its download cancelled) is not a failure of the export.
    if (out.destroyed) return;
    onError(error);
    out.destroy(error as Error);
  });
  return out;
}

/**
 * Stream every row of a list as JSON `{"data":[...]}`, a batch at a time (GET /tnas/all/bystatus),
 * read as the client takes it. A client that goes away ends the read at the next batch and gives its
 * connection back (the stream is destroyed, which returns the generator).
 */
export function streamAllRows(
  database: Database,
  searched: ListFilter,
  scope: readonly number[] | null,
  onError: (e: unknown) => void,
): Readable {
  const filter = scopedFilter(searched, scope);
  async function* json(): AsyncGenerator<string> {
    const reader = await database.reader();
    try {
      yield '{"data":[';
      let beforeId: number | null = null;
      let first = true;
      for (;;) {
        const rows = await rowsBelow(reader.db, filter, beforeId);
        if (rows.length) {
          yield `${first ? '' : ','}${rows.map((row) => JSON.stringify(row)).join(',')}`;
          first = false;
        }
        if (rows.length < BATCH) break;
        beforeId = rows[rows.length - 1]!.id;
      }
      yield ']}';
    } catch (error) {
      onError(error);
      throw error;
    } finally {
      await reader.release();
    }
  }
  return Readable.from(json(), { objectMode: false });
}
