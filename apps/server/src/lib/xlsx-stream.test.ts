import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ByteWriter } from './byte-writer.js';
import { type Cell, XlsxStreamWriter } from './xlsx-stream.js';

/** The workbook a writer makes of `rows`, read back by ExcelJS (as a planner's spreadsheet would). */
async function roundTrip(rows: Cell[][], shared: number[] = []): Promise<unknown[][]> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _e, done) {
      chunks.push(chunk);
      done();
    },
  });
  const finished = new Promise((resolve) => out.on('finish', resolve));
  const xlsx = new XlsxStreamWriter(out, 'data', shared);
  await xlsx.addHeader(['A', 'B', 'C']);
  // Two batches, so that a row is carried over from one batch's buffer to the next.
  await xlsx.addRows(rows.slice(0, 1));
  await xlsx.addRows(rows.slice(1));
  await xlsx.finish();
  await finished;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  const sheet = book.getWorksheet('data')!;
  const read: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    read.push(Array.from({ length: 3 }, (_, i) => row.getCell(i + 1).value ?? null));
  });
  return read;
}

describe('ByteWriter', () => {
  it('writes numbers and text as UTF-8, the same bytes Node encodes, across growths', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'grapheme' }),
            fc.string({ unit: 'binary' }),
            fc.constantFrom('احمد کریمی', 'ژوندون ۱۲۳', '😀', ''),
            fc.oneof(fc.nat(), fc.maxSafeNat(), fc.integer(), fc.double()),
          ),
        ),
        (values) => {
          const w = new ByteWriter(8);
          for (const v of values)
            if (typeof v === 'number') w.number(v);
            else w.text(v);
          const expected = Buffer.from(values.map((v) => String(v)).join(''));
          expect(w.take().equals(expected)).toBe(true);
        },
      ),
    );
  });

  it('starts afresh after take, leaving the bytes handed over untouched', () => {
    const w = new ByteWriter(4);
    w.text('first batch');
    const first = w.take();
    w.text('second');
    expect(first.toString()).toBe('first batch');
    expect(w.take().toString()).toBe('second');
  });
});

describe('XlsxStreamWriter', () => {
  it('writes a sheet that reads back cell for cell: numbers, shared and inline text, gaps', async () => {
    const rows: Cell[][] = [
      [1, 'NEW', 'احمد کریمی'],
      [2.5, 'NEW', ' spaces kept '],
      [-3, null, 'a & b < c > d'],
      [12_345_678_901, 'کابل', '😀 and \u0001 a control character'],
      [null, '', undefined],
      [0, 'کابل', 'last'],
    ];
    expect(await roundTrip(rows, [1])).toEqual([
      ['A', 'B', 'C'],
      [1, 'NEW', 'احمد کریمی'],
      [2.5, 'NEW', ' spaces kept '],
      [-3, null, 'a & b < c > d'],
      [12_345_678_901, 'کابل', '😀 and  a control character'],
      [null, null, null],
      [0, 'کابل', 'last'],
    ]);
  });

  it('keeps any text a person typed, in shared and inline columns alike', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(), fc.string({ unit: 'grapheme', minLength: 1 }), fc.string({ minLength: 1 })), {
          minLength: 1,
          maxLength: 20,
        }),
        async (rows) => {
          // XML cannot hold control characters: the writer leaves them out, and so does the expectation.
          // biome-ignore lint/suspicious/noControlCharactersInRegex: exactly the characters XML forbids
          const clean = (s: string) => s.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
          const read = await roundTrip(rows, [1]);
          expect(read.slice(1)).toEqual(
            rows.map(([n, a, b]) => [n, clean(a) === '' ? null : clean(a), clean(b) === '' ? null : clean(b)]),
          );
        },
      ),
      { numRuns: 30 },
    );
  });
});
