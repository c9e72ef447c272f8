import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createInflateRaw } from 'node:zlib';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@tna/domain';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.js';
import { ZipStreamWriter } from '../../lib/zip-stream.js';

/** An uploaded file, kept in a private temporary file while it is read. */
export interface Upload {
  path: string;
  name: string;
  size: number;
  format: 'xlsx' | 'csv';
  /** Rows the file holds at most (counted while checking it), for the row limit. */
  rows: number;
  /** The workbook's sheets in order (none for a CSV). */
  sheets: string[];
  remove(): Promise<void>;
}

/** What an XLSX may expand to: 50,000 assessments are about 150 MB of sheet XML. */
const MAX_EXPANDED_BYTES = 400 * 1024 * 1024;
/** XML compresses well, but not this well: a higher ratio is a zip bomb. */
const MAX_RATIO = 250;
const MAX_ENTRIES = 2_000;

const badFile = (key: string, message: string, params?: Record<string, string | number>) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', message, undefined, {
    key: `imports.errors.${key}`,
    ...(params ? { params } : {}),
  });
const tooLarge = (key: string, message: string, params?: Record<string, string | number>) =>
  new AppError('PAYLOAD_TOO_LARGE', message, undefined, {
    key: `imports.errors.${key}`,
    ...(params ? { params } : {}),
  });

const MAX_MB = Math.round(IMPORT_MAX_BYTES / 1024 / 1024);

/** The translated 413 of an upload over IMPORT_MAX_BYTES, also given by the body limit (plugins/limits.ts). */
export const fileTooLarge = () => tooLarge('fileTooLarge', `The file is larger than ${MAX_MB} MB.`, { max: MAX_MB });

/**
 * Take the multipart field `file` into a temporary file, refusing more than IMPORT_MAX_BYTES as soon
 * as it is passed (413), then check what it is: an XLSX workbook (not a macro workbook, an old .xls,
 * or a zip that expands beyond reason) or a UTF-8 CSV. Nothing is parsed before these checks pass.
 */
export async function receiveUpload(request: FastifyRequest): Promise<Upload> {
  if (!request.isMultipart()) {
    throw badFile('noFile', 'Send the file as multipart/form-data in the field "file".');
  }
  const part = await request.file({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  if (!part) throw badFile('noFile', 'Send the file as multipart/form-data in the field "file".');
  const file = path.join(tmpdir(), `tna-import-${randomBytes(12).toString('hex')}`);
  const remove = () => rm(file, { force: true });
  try {
    await pipeline(part.file, createWriteStream(file, { mode: 0o600 })).catch((error) => {
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw fileTooLarge();
      }
      throw error;
    });
    if (part.file.truncated) {
      throw fileTooLarge();
    }
    const handle = await open(file, 'r');
    const head = Buffer.alloc(64 * 1024);
    let size: number;
    let read: number;
    try {
      size = (await handle.stat()).size;
      ({ bytesRead: read } = await handle.read(head, 0, head.length, 0));
    } finally {
      await handle.close();
    }
    if (size === 0) throw badFile('empty', 'The file is empty.');
    const name = path.basename(part.filename || 'upload').slice(0, 200);
    const start = head.subarray(0, read);
    if (start.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))) {
      const normal = `${file}.xlsx`;
      try {
        const { rows, sheets } = await inspectWorkbook(file, size, normal);
        await remove();
        const removeNormal = () => rm(normal, { force: true });
        return {
          path: normal,
          name,
          size: (await stat(normal)).size,
          format: 'xlsx',
          rows,
          sheets,
          remove: removeNormal,
        };
      } catch (error) {
        await rm(normal, { force: true });
        throw error;
      }
    }
    if (start.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
      throw badFile(
        'oldExcel',
        'This is an old Excel file (.xls). Save it as an Excel Workbook (.xlsx) or as CSV UTF-8.',
      );
    }
    if (!looksLikeText(start)) {
      throw badFile('notSpreadsheet', 'This is not a spreadsheet. Send an Excel Workbook (.xlsx) or a CSV file.');
    }
    return { path: file, name, size, format: 'csv', rows: await countLines(file), sheets: [], remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** UTF-8 text without NUL bytes (a CSV in another encoding must be saved as "CSV UTF-8"). */
function looksLikeText(start: Buffer): boolean {
  if (start.includes(0)) return false;
  // The last character may be cut in half at the end of the sample.
  let end = start.length;
  while (end > 0 && end > start.length - 4 && (start[end - 1]! & 0xc0) === 0x80) end--;
  if (end > 0 && start[end - 1]! >= 0xc0) end--;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(start.subarray(0, end));
    return true;
  } catch {
    throw badFile('notUtf8', 'The CSV file is not in UTF-8. In Excel, save it as "CSV UTF-8 (Comma delimited)".');
  }
}

async function countLines(file: string): Promise<number> {
  let lines = 0;
  for await (const chunk of createReadStream(file)) {
    for (let i = (chunk as Buffer).indexOf(10); i >= 0; i = (chunk as Buffer).indexOf(10, i + 1)) lines++;
  }
  if (lines > IMPORT_MAX_ROWS + 1) throw tooManyRows();
  return lines + 1;
}

const tooManyRows = () =>
  tooLarge('tooManyRows', `The file has more than ${IMPORT_MAX_ROWS} rows. Split it into smaller files.`, {
    max: IMPORT_MAX_ROWS,
  });

interface ZipEntry {
  name: string;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The entries of a ZIP from its central directory (ZIP64 and multi-disk archives are refused). */
async function zipEntries(file: string, size: number): Promise<ZipEntry[]> {
  const handle = await open(file, 'r');
  try {
    const tailLength = Math.min(size, 66 * 1024);
    const tail = Buffer.alloc(tailLength);
    await handle.read(tail, 0, tailLength, size - tailLength);
    const eocd = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    if (eocd < 0) throw badFile('notSpreadsheet', 'The file is damaged or not an Excel workbook.');
    const count = tail.readUInt16LE(eocd + 10);
    const dirSize = tail.readUInt32LE(eocd + 12);
    const dirOffset = tail.readUInt32LE(eocd + 16);
    if (count === 0xffff || dirOffset === 0xffffffff || count > MAX_ENTRIES || dirOffset + dirSize > size) {
      throw badFile('notSpreadsheet', 'The file is damaged or not an Excel workbook.');
    }
    const dir = Buffer.alloc(dirSize);
    await handle.read(dir, 0, dirSize, dirOffset);
    const entries: ZipEntry[] = [];
    let at = 0;
    for (let i = 0; i < count; i++) {
      if (at + 46 > dir.length || dir.readUInt32LE(at) !== 0x02014b50) {
        throw badFile('notSpreadsheet', 'The file is damaged or not an Excel workbook.');
      }
      const nameLength = dir.readUInt16LE(at + 28);
      entries.push({
        method: dir.readUInt16LE(at + 10),
        compressed: dir.readUInt32LE(at + 20),
        size: dir.readUInt32LE(at + 24),
        name: dir.toString('utf8', at + 46, at + 46 + nameLength),
        offset: dir.readUInt32LE(at + 42),
      });
      at += 46 + nameLength + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
    }
    return entries;
  } finally {
    await handle.close();
  }
}

/** The parts exceljs reads first, so that no sheet waits for the shared strings in a temporary file. */
const FIRST_PARTS = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/_rels/workbook.xml.rels',
  'xl/workbook.xml',
  'xl/styles.xml',
  'xl/sharedStrings.xml',
];

/**
 * Characters beyond ASCII as XML character references. exceljs's streaming reader decodes each
 * inflated chunk of a part on its own (exceljs issues #2063, #2084), so a Dari or Pashto letter cut in
 * two by a chunk boundary came out as two U+FFFD; ASCII cannot be cut. Names of elements and
 * attributes are ASCII in SpreadsheetML, so every other character is text or an attribute's value,
 * where a reference means the same.
 */
function asciiXml(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII, control characters included
  return text.replace(/[^\u0000-\u007f]/gu, (c) => (c === '\uFEFF' ? '' : `&#${c.codePointAt(0)};`));
}

/**
 * Check an XLSX before anything parses it: the parts of a workbook are there, there are no macros,
 * and it expands to a sane size. Every entry is inflated once, counting: an entry that yields more
 * than its directory says (a zip bomb lies there) is refused the moment it does. Meanwhile its XML
 * parts are written to `target` in the order exceljs reads best, their text as ASCII (see asciiXml).
 * Answers the number of rows of its sheets and their names.
 */
async function inspectWorkbook(
  file: string,
  size: number,
  target: string,
): Promise<{ rows: number; sheets: string[] }> {
  const entries = await zipEntries(file, size);
  const names = new Set(entries.map((e) => e.name));
  if (entries.some((e) => /vbaProject\.bin$|\.xlsm$|vbaData\.xml$/i.test(e.name))) {
    throw badFile('macros', 'This workbook contains macros. Save it as an Excel Workbook (.xlsx) without macros.');
  }
  if (!names.has('[Content_Types].xml') || !names.has('xl/workbook.xml')) {
    throw badFile('notSpreadsheet', 'This is not an Excel workbook. Send an .xlsx or a CSV file.');
  }
  let total = 0;
  for (const e of entries) {
    total += e.size;
    if (
      total > MAX_EXPANDED_BYTES ||
      (e.compressed > 0 && e.size / e.compressed > MAX_RATIO) ||
      e.size > MAX_EXPANDED_BYTES
    ) {
      throw tooLarge('zipBomb', 'This workbook expands to far more than its size: it cannot be read safely.');
    }
    if (e.method !== 0 && e.method !== 8)
      throw badFile('notSpreadsheet', 'The workbook uses a compression that cannot be read.');
  }
  const rank = (name: string) => (FIRST_PARTS.includes(name) ? FIRST_PARTS.indexOf(name) : FIRST_PARTS.length);
  const ordered = [...entries].sort((a, b) => rank(a.name) - rank(b.name));
  let rows = 0;
  const sheets: string[] = [];
  const out = createWriteStream(target, { mode: 0o600 });
  const zip = new ZipStreamWriter(out);
  const handle = await open(file, 'r');
  try {
    for (const e of ordered) {
      if (e.compressed === 0) continue; // a folder, or an empty part
      const local = Buffer.alloc(30);
      await handle.read(local, 0, 30, e.offset);
      if (local.readUInt32LE(0) !== 0x04034b50)
        throw badFile('notSpreadsheet', 'The file is damaged or not an Excel workbook.');
      const dataStart = e.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
      const xml = /\.(xml|rels)$/i.test(e.name);
      const keepText = e.name === '[Content_Types].xml' || e.name === 'xl/workbook.xml';
      const sheet = e.name.startsWith('xl/worksheets/');
      const part = xml ? await zip.openEntry(e.name) : null;
      const decoder = new StringDecoder('utf8');
      let seen = 0;
      let text = '';
      let carry = '';
      const source = createReadStream(file, { start: dataStart, end: dataStart + e.compressed - 1 });
      const inflated = e.method === 8 ? source.pipe(createInflateRaw()) : source;
      for await (const chunk of inflated) {
        seen += (chunk as Buffer).length;
        if (seen > e.size) {
          source.destroy();
          throw tooLarge('zipBomb', 'This workbook expands to far more than its size: it cannot be read safely.');
        }
        if (!part) continue;
        const piece = decoder.write(chunk as Buffer);
        if (keepText) text += piece;
        if (sheet) {
          const window = carry + piece;
          rows += window.split('<row ').length - 1;
          carry = window.slice(-4);
          if (rows > IMPORT_MAX_ROWS + 1) throw tooManyRows();
        }
        await part.write(asciiXml(piece));
      }
      if (part) {
        await part.write(asciiXml(decoder.end()));
        await part.end();
      }
      if (e.name === '[Content_Types].xml' && /macroEnabled/i.test(text)) {
        throw badFile('macros', 'This workbook contains macros. Save it as an Excel Workbook (.xlsx) without macros.');
      }
      if (e.name === 'xl/workbook.xml') {
        for (const m of text.matchAll(/<(?:\w+:)?sheet\b[^>]*?\bname="([^"]*)"/g)) sheets.push(unescapeXml(m[1]!));
      }
    }
    await zip.finish();
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
  } catch (error) {
    out.destroy();
    if (error instanceof AppError) throw error;
    throw badFile('notSpreadsheet', 'The file is damaged or not an Excel workbook.');
  } finally {
    await handle.close();
  }
  return { rows, sheets };
}

function unescapeXml(text: string): string {
  return text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, e: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[e]!,
  );
}
