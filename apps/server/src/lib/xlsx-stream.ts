import type { Writable } from 'node:stream';
import { ZipStreamWriter } from './zip-stream.js';

// Why not exceljs here: its streaming writer took 37 s for 100,000 rows of 43 cells on this machine
// (and ignores backpressure); the export must send 100,000 rows within 5 s. A worksheet is plain XML,
// so rows are written as text straight into the zip entry (lib/zip-stream.ts), with backpressure, and
// nothing is kept.

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const PARTS: Record<string, string> = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the same, and what XML must escape
const NEEDS_WORK = /[&<>\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

function escapeXml(text: string): string {
  // Most values need nothing: one test instead of four replacements.
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(INVALID, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    name = String.fromCharCode(65 + r) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

export type Cell = string | number | null | undefined;

/** How many distinct values the shared strings table takes at most; later ones are written inline. */
const MAX_SHARED = 100_000;

/**
 * A one-sheet XLSX written as a stream: header row in bold, then rows as they come. Values of the
 * columns named in `sharedColumns` (names of places, facilities, trainings... which repeat on every
 * row) are written once in the shared strings table and referred to by number, which makes the
 * sheet a third smaller and so quicker to compress; other text is written inline.
 */
export class XlsxStreamWriter {
  private readonly zip: ZipStreamWriter;
  /** The workbook's small parts written and the sheet's entry open. */
  private readonly sheet: Promise<{ write(data: string | Buffer): Promise<void>; end(): Promise<void> }>;
  private readonly columns: string[] = [];
  private readonly shared = new Map<string, number>();
  private readonly sharedColumns: boolean[] = [];
  private rowNumber = 0;

  constructor(out: Writable, sheetName = 'data', sharedColumns: readonly number[] = []) {
    for (const i of sharedColumns) this.sharedColumns[i] = true;
    const zip = new ZipStreamWriter(out);
    this.zip = zip;
    this.sheet = (async () => {
      for (const [name, content] of Object.entries(PARTS)) await zip.addFile(name, content);
      await zip.addFile(
        'xl/workbook.xml',
        `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      );
      const sheet = await zip.openEntry('xl/worksheets/sheet1.xml');
      await sheet.write(`${XML}<worksheet xmlns="${NS}"><sheetData>`);
      return sheet;
    })();
    // Awaited by the first write; a failure before that is reported there, not as unhandled.
    this.sheet.catch(() => {});
  }

  private column(i: number): string {
    let name = this.columns[i];
    if (name === undefined) {
      name = columnName(i);
      this.columns[i] = name;
    }
    return name;
  }

  private sharedIndex(value: string): number | undefined {
    let index = this.shared.get(value);
    if (index === undefined && this.shared.size < MAX_SHARED) {
      index = this.shared.size;
      this.shared.set(value, index);
    }
    return index;
  }

  private rowXml(values: readonly Cell[], style?: number): string {
    const r = ++this.rowNumber;
    const s = style ? ` s="${style}"` : '';
    let xml = `<row r="${r}">`;
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = this.column(i) + r;
      if (typeof v === 'number') {
        if (Number.isFinite(v)) {
          xml += `<c r="${ref}"${s}><v>${v}</v></c>`;
          continue;
        }
      }
      const text = String(v);
      const index = this.sharedColumns[i] ? this.sharedIndex(text) : undefined;
      if (index !== undefined) {
        xml += `<c r="${ref}"${s} t="s"><v>${index}</v></c>`;
      } else {
        const space = text.trim() === text ? '' : ' xml:space="preserve"';
        xml += `<c r="${ref}"${s} t="inlineStr"><is><t${space}>${escapeXml(text)}</t></is></c>`;
      }
    }
    return `${xml}</row>`;
  }

  /** Write rows; resolves when the zip has taken them (backpressure from the client included). */
  async addRows(rows: readonly (readonly Cell[])[], style?: number): Promise<void> {
    if (!rows.length) return;
    // Each row encoded on its own, then one buffer for the batch: a string grown over a whole batch
    // had to be flattened before encoding, which cost an eighth of an export's time.
    const encoded: Buffer[] = [];
    for (const row of rows) encoded.push(Buffer.from(this.rowXml(row, style)));
    await (await this.sheet).write(Buffer.concat(encoded));
  }

  addHeader(values: readonly Cell[]): Promise<void> {
    return this.addRows([values], 1);
  }

  async finish(): Promise<void> {
    const sheet = await this.sheet;
    await sheet.write('</sheetData></worksheet>');
    await sheet.end();
    const items: string[] = [];
    for (const value of this.shared.keys()) {
      const space = value.trim() === value ? '' : ' xml:space="preserve"';
      items.push(`<si><t${space}>${escapeXml(value)}</t></si>`);
    }
    await this.zip.addFile(
      'xl/sharedStrings.xml',
      `${XML}<sst xmlns="${NS}" count="${items.length}" uniqueCount="${items.length}">${items.join('')}</sst>`,
    );
    await this.zip.finish();
  }
}
