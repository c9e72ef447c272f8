import { PassThrough, Writable } from 'node:stream';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { ZipStreamWriter } from './zip-stream.js';

/** A client that takes `chunkDelayMs` per chunk, with a small buffer: the writer must wait for it. */
function slowClient(chunkDelayMs: number) {
  const chunks: Buffer[] = [];
  let waits = 0;
  const out = new Writable({
    highWaterMark: 16 * 1024,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      setTimeout(done, chunkDelayMs);
    },
  });
  const write = out.write.bind(out);
  out.write = ((chunk: Buffer, ...rest: never[]) => {
    const ok = write(chunk, ...rest);
    if (!ok) waits++;
    return ok;
  }) as typeof out.write;
  const done = new Promise<Buffer>((resolve) => out.on('finish', () => resolve(Buffer.concat(chunks))));
  return { out, done, waits: () => waits };
}

describe('ZipStreamWriter', () => {
  it('writes an archive another reader opens: small entries whole, a large one streamed, in order', async () => {
    const client = slowClient(0);
    const zip = new ZipStreamWriter(client.out);
    await zip.addFile('[Content_Types].xml', '<Types/>');
    await zip.addFile('empty.txt', '');
    const sheet = await zip.openEntry('xl/worksheets/sheet1.xml');
    const pieces: string[] = [];
    for (let i = 0; i < 2_000; i++) {
      // Text that compresses poorly as well as well, and non-Latin script (UTF-8 of two bytes a letter).
      const piece = `<row r="${i}"><c><v>${Math.random().toString(36)}</v></c><c><is><t>احمد کریمی ${i}</t></is></c></row>`;
      pieces.push(piece);
      await sheet.write(i % 2 ? piece : Buffer.from(piece));
    }
    await sheet.end();
    await zip.addFile('xl/sharedStrings.xml', '<sst/>');
    await zip.finish();

    const archive = await JSZip.loadAsync(await client.done, { checkCRC32: true });
    expect(Object.keys(archive.files)).toEqual([
      '[Content_Types].xml',
      'empty.txt',
      'xl/worksheets/sheet1.xml',
      'xl/sharedStrings.xml',
    ]);
    expect(await archive.file('[Content_Types].xml')!.async('string')).toBe('<Types/>');
    expect(await archive.file('empty.txt')!.async('string')).toBe('');
    expect(await archive.file('xl/worksheets/sheet1.xml')!.async('string')).toBe(pieces.join(''));
    expect(await archive.file('xl/sharedStrings.xml')!.async('string')).toBe('<sst/>');
  });

  it('waits for a slow client instead of piling the archive up in memory', async () => {
    const client = slowClient(2);
    const zip = new ZipStreamWriter(client.out);
    const sheet = await zip.openEntry('big.xml');
    // 4 MB of text that does not compress away, so that the client's buffer fills again and again.
    let sent = '';
    for (let i = 0; i < 64; i++) {
      let piece = '';
      while (piece.length < 64 * 1024) piece += Math.random().toString(36).slice(2);
      sent += piece;
      await sheet.write(piece);
      // What is queued for the client stays near its buffer size, not the size of what was written.
      expect(client.out.writableLength).toBeLessThan(1024 * 1024);
    }
    await sheet.end();
    await zip.finish();
    const archive = await JSZip.loadAsync(await client.done, { checkCRC32: true });
    expect(await archive.file('big.xml')!.async('string')).toBe(sent);
    expect(client.waits()).toBeGreaterThan(0);
  });

  it('passes a failure of the output on to the writer', async () => {
    const out = new PassThrough();
    out.on('error', () => {});
    const zip = new ZipStreamWriter(out);
    out.destroy(new Error('client went away'));
    await expect(
      (async () => {
        const sheet = await zip.openEntry('x.xml');
        await sheet.write('x');
        await sheet.end();
      })(),
    ).rejects.toThrow();
  });
});
