// Why bytes and not strings: a sheet row built as a string (about 250 pieces joined, then encoded)
// made most of an export's garbage and a third of its time on the thread that answers everyone
// else. Written straight into one buffer a batch, a row leaves nothing behind: the fixed parts of
// the XML are copied from bytes made once, numbers are written digit by digit, and only the
// people's own text goes through an encoder.

/** Bytes of an ASCII text, made once for the fixed parts of a document. */
export function ascii(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) throw new Error(`Not ASCII: ${text}`);
    bytes[i] = c;
  }
  return bytes;
}

/** A growing buffer written from the start; `take` hands its bytes over and starts a new one. */
export class ByteWriter {
  private buf: Buffer;
  private pos = 0;

  constructor(private readonly initial = 1 << 16) {
    this.buf = Buffer.allocUnsafe(initial);
  }

  /** Room for `n` more bytes. */
  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buf.length * 2, this.pos + n));
    this.buf.copy(grown, 0, 0, this.pos);
    this.buf = grown;
  }

  bytes(src: Uint8Array): void {
    const n = src.length;
    this.room(n);
    const buf = this.buf;
    let pos = this.pos;
    // A loop beats a native copy for the short fixed parts this writes (at most a few dozen bytes).
    for (let i = 0; i < n; i++) buf[pos++] = src[i]!;
    this.pos = pos;
  }

  /** A whole number of up to 15 digits, or any other number as JavaScript writes it. */
  number(value: number): void {
    if (!Number.isSafeInteger(value) || value < 0) {
      this.text(String(value));
      return;
    }
    this.room(16);
    const buf = this.buf;
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits++;
    let pos = this.pos + digits;
    this.pos = pos;
    let rest = value;
    do {
      buf[--pos] = 48 + (rest % 10);
      rest = Math.floor(rest / 10);
    } while (rest > 0);
  }

  /** Text as UTF-8: ASCII copied here, anything else through Node's encoder. */
  text(value: string): void {
    const n = value.length;
    // UTF-8 takes at most three bytes for each UTF-16 unit (a surrogate pair's four for two).
    this.room(n * 3);
    const buf = this.buf;
    const start = this.pos;
    let pos = start;
    for (let i = 0; i < n; i++) {
      const c = value.charCodeAt(i);
      if (c > 0x7f) {
        this.pos = start + buf.write(value, start, 'utf8');
        return;
      }
      buf[pos++] = c;
    }
    this.pos = pos;
  }

  /** The bytes written so far, no copy; the writer starts a new buffer of the size this one reached. */
  take(): Buffer {
    const out = this.buf.subarray(0, this.pos);
    this.buf = Buffer.allocUnsafe(Math.max(this.initial, this.pos + (this.pos >> 3)));
    this.pos = 0;
    return out;
  }
}
