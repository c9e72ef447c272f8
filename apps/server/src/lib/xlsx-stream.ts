import { once } from 'node:events';
import { PassThrough, type Writable } from 'node:stream';
import archiver from 'archiver';

// Why not exceljs here: its streaming writer took 37 s for 100,000 rows of 43 cells on this machine
// (and ignores backpressure); the export must send 100,000 rows within 5 s. A worksheet is plain XML,
// so rows are written as text straight into the zip entry, with backpressure, and nothing is kept.

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

const PARTS: Record<string, string> = {
  '[Content_Types].xml': `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`,
  '_rels/.rels': `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/_rels/workbook.xml.rels': `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`,
  'xl/styles.xml': `${XML}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs></styleSheet>`,
};

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters XML forbids
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function escapeXml(text: string): string {
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

/** A one-sheet XLSX written as a stream: header row in bold, then rows as they come. */
export class XlsxStreamWriter {
  private readonly archive = archiver('zip', { zlib: { level: 1 } });
  private readonly sheet = new PassThrough({ highWaterMark: 1 << 20 });
  private readonly columns: string[] = [];
  private rowNumber = 0;

  constructor(out: Writable, sheetName = 'data') {
    this.archive.on('error', (error) => out.destroy(error));
    this.archive.pipe(out);
    for (const [name, content] of Object.entries(PARTS)) this.archive.append(content, { name });
    this.archive.append(
      `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${escapeXml(sheetName).replace(/"/g, '&quot;')}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      { name: 'xl/workbook.xml' },
    );
    this.archive.append(this.sheet, { name: 'xl/worksheets/sheet1.xml' });
    this.sheet.write(`${XML}<worksheet xmlns="${NS}"><sheetData>`);
  }

  private column(i: number): string {
    this.columns[i] ??= columnName(i);
    return this.columns[i]!;
  }

  private rowXml(values: readonly Cell[], style?: number): string {
    const r = ++this.rowNumber;
    let xml = `<row r="${r}">`;
    const s = style ? ` s="${style}"` : '';
    for (let i = 0; i < values.length; i++) {
      const v = values[i];
      if (v === null || v === undefined || v === '') continue;
      const ref = `${this.column(i)}${r}`;
      xml +=
        typeof v === 'number' && Number.isFinite(v)
          ? `<c r="${ref}"${s}><v>${v}</v></c>`
          : `<c r="${ref}"${s} t="inlineStr"><is><t xml:space="preserve">${escapeXml(String(v))}</t></is></c>`;
    }
    return `${xml}</row>`;
  }

  /** Write rows; resolves when the zip has taken them (backpressure from the client included). */
  async addRows(rows: readonly (readonly Cell[])[], style?: number): Promise<void> {
    if (!rows.length) return;
    const xml = rows.map((row) => this.rowXml(row, style)).join('');
    if (!this.sheet.write(xml)) await once(this.sheet, 'drain');
  }

  addHeader(values: readonly Cell[]): Promise<void> {
    return this.addRows([values], 1);
  }

  async finish(): Promise<void> {
    this.sheet.end('</sheetData></worksheet>');
    await this.archive.finalize();
  }
}
