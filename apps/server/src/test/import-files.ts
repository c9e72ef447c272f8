import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from './helpers.js';

/** An XLSX of one sheet (or more), from rows of values. */
export async function workbook(sheets: Record<string, unknown[][]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
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
  t: TestContext,
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
