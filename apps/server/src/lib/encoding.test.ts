import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, utf8 } from './encoding.js';

describe('encode', () => {
  const page = JSON.stringify({ data: Array.from({ length: 15 }, (_, i) => ({ id: i, name: `مریم ${i}` })) });

  it('gives back the text in brotli or gzip', () => {
    expect(brotliDecompressSync(encode(page, 'br')).toString('utf8')).toBe(page);
    expect(gunzipSync(encode(page, 'gzip')).toString('utf8')).toBe(page);
  });

  it("holds no more memory than its bytes: a kept page must not pin zlib's 16 KB chunk", () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const bytes = encode(page, encoding);
      expect(bytes.length).toBeLessThan(1024);
      expect(bytes.buffer.byteLength).toBe(bytes.length);
    }
  });
});

describe('utf8', () => {
  it("gives back the text, in a buffer of its own: a kept page must not pin Node's shared 8 KB pool", () => {
    const page = JSON.stringify({ data: [{ id: 1, name: 'مریم', district: 'Kabul' }] });
    const bytes = utf8(page);
    expect(bytes.toString('utf8')).toBe(page);
    expect(bytes.length).toBe(Buffer.byteLength(page));
    expect(bytes.buffer.byteLength).toBe(bytes.length);
  });
});
