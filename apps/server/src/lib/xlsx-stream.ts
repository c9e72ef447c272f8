import type { Writable } from 'node:stream';
import { ascii, ByteWriter } from './byte-writer.js';
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

// The fixed parts of a row's XML, as bytes (see lib/byte-writer.ts).
const ROW_OPEN = ascii('<row r="');
const TAG_END = ascii('">');
const ROW_CLOSE = ascii('</row>');
const VALUE_CLOSE = ascii('</v></c>');
const INLINE_CLOSE = ascii('</t></is></c>');

/** What follows a cell's reference, by kind of cell, for cells of one style (`s=""`: none). */
function cellKinds(style?: number) {
  const s = style ? `" s="${style}"` : '"';
  return {
    number: ascii(`${s}><v>`),
    shared: ascii(`${s} t="s"><v>`),
    inline: ascii(`${s} t="inlineStr"><is><t>`),
    inlinePreserve: ascii(`${s} t="inlineStr"><is><t xml:space="preserve">`),
  };
}
const PLAIN = cellKinds();

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
  /** The opening of a cell by column (see cellStart). */
  private readonly columns: Uint8Array[] = [];
  /** One batch's rows as bytes. */
  private readonly bytes = new ByteWriter(1 << 20);
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

  /** `<c r="AB`: a cell's opening up to its row number, by column. */
  private cellStart(i: number): Uint8Array {
    let start = this.columns[i];
    if (start === undefined) {
      start = ascii(`<c r="${columnName(i)}`);
      this.columns[i] = start;
    }
    return start;
  }

  private sharedIndex(value: string): number | undefined {
    let index = this.shared.get(value);
    if (index === undefined && this.shared.size < MAX_SHARED) {
      index = this.shared.size;
      this.shared.set(value, index);
    }
    return index;
  }

  private writeRow(w: ByteWriter, values: readonly Cell[], style?: number): void {
    const r = ++this.rowNumber;
    const kinds = style ? cellKinds(style) : PLAIN;
    w.bytes(ROW_OPEN);
    w.number(r);
    w.bytes(TAG_END);
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      w.bytes(this.cellStart(i));
      w.number(r);
      if (typeof v === 'number' && Number.isFinite(v)) {
        w.bytes(kinds.number);
        w.number(v);
        w.bytes(VALUE_CLOSE);
        continue;
      }
      const text = String(v);
      const index = this.sharedColumns[i] ? this.sharedIndex(text) : undefined;
      if (index !== undefined) {
        w.bytes(kinds.shared);
        w.number(index);
        w.bytes(VALUE_CLOSE);
      } else {
        w.bytes(text.trim() === text ? kinds.inline : kinds.inlinePreserve);
        w.text(escapeXml(text));
        w.bytes(INLINE_CLOSE);
      }
    }
    w.bytes(ROW_CLOSE);
  }

  /** Write rows; resolves when the zip has taken them (backpressure from the client included). */
  async addRows(rows: readonly (readonly Cell[])[], style?: number): Promise<void> {
    if (!rows.length) return;
    for (const row of rows) this.writeRow(this.bytes, row, style);
    await (await this.sheet).write(this.bytes.take());
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
