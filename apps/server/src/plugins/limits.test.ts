import { Readable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helpers.js';
import { BODY_LIMIT, MULTIPART_LIMITS } from './limits.js';

let t: TestContext;
let viewerToken: string;
beforeAll(async () => {
  t = await setupTestApp();
  viewerToken = (await t.userWithRole('internal_viewer')).token;
});

const MB = 1024 * 1024;
const BOUNDARY = 'tna-limit-test';

/** `total` bytes made as they are read (never held whole), counting how many were read. */
function streamed(total: number, head = '', fill = 'x') {
  const read = { bytes: 0 };
  const chunk = Buffer.alloc(64 * 1024, fill);
  async function* generate() {
    read.bytes += head.length;
    yield Buffer.from(head);
    for (let sent = head.length; sent < total; sent += chunk.length) {
      read.bytes += chunk.length;
      yield chunk;
    }
  }
  return { stream: Readable.from(generate()), read };
}

const multipartHead = (name = 'remarks') => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`;

function post(url: string, contentType: string, payload: string | Buffer | Readable, token = t.adminToken) {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload,
  });
}

function expectTooLarge(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(413);
  expect(res.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/too large|too many/) });
  expect(res.headers.connection).toBe('close');
}

describe('one request-size limit for every content type', () => {
  it('refuses a JSON body over the limit, declared or streamed', async () => {
    const body = JSON.stringify({ name: 'x'.repeat(BODY_LIMIT) });
    expectTooLarge(await post('/api/departments', 'application/json', body));
    const { stream } = streamed(2 * MB, '{"name":"');
    expectTooLarge(await post('/api/departments', 'application/json', stream));
  });

  it('refuses multipart over the limit from any signed-in role, reading no more than the limit of a streamed body', async () => {
    const declared = `${multipartHead()}${'x'.repeat(2 * MB)}\r\n--${BOUNDARY}--\r\n`;
    const type = `multipart/form-data; boundary=${BOUNDARY}`;
    expectTooLarge(await post('/api/tnas/changestatus', type, declared, viewerToken));
    expectTooLarge(await post('/api/tnas', type, declared));
    // 100 MB offered without a Content-Length: refused after the first megabyte or so.
    const { stream, read } = streamed(100 * MB, multipartHead());
    expectTooLarge(await post('/api/tnas', type, stream));
    expect(read.bytes).toBeLessThan(4 * MB);
    expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
  });

  it('refuses urlencoded and other bodies over the limit before looking at their type', async () => {
    const big = `name=${'x'.repeat(2 * MB)}`;
    expectTooLarge(await post('/api/departments', 'application/x-www-form-urlencoded', big));
    expectTooLarge(await post('/api/departments', 'text/xml', big));
    const small = await post('/api/departments', 'application/x-www-form-urlencoded', 'name=x');
    expect(small.statusCode).toBe(415);
    expect(small.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('multipart forms', () => {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const end = `--${BOUNDARY}--\r\n`;

  it.each([
    ['garbage', 'garbage\r\n--X\r\nxx'],
    ['a body that ends early', `${field('data', '{}').slice(0, -10)}`],
    ['a file', `--${BOUNDARY}\r\nContent-Disposition: form-data; name="data"; filename="a.txt"\r\n\r\nabc\r\n${end}`],
    ['a field sent twice', `${field('data', '{}')}${field('data', '{}')}${end}`],
    ['a field named __proto__', `${field('__proto__', '{}')}${end}`],
  ])('answers 400 in the documented shape for %s', async (_name, payload) => {
    const res = await post('/api/tnas', type, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'BAD_REQUEST', message: expect.stringMatching(/^The multipart form/) });
  });

  it('answers 400 for a multipart content type without a boundary', async () => {
    const res = await post('/api/tnas', 'multipart/form-data', field('data', '{}'));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('BAD_REQUEST');
  });

  it('answers 413 for more fields than a form has', async () => {
    const many = Array.from({ length: MULTIPART_LIMITS.fields + 1 }, (_, i) => field(`f${i}`, 'x')).join('');
    const res = await post('/api/tnas', type, `${many}${end}`);
    expectTooLarge(res);
  });

  it('is refused on routes that take JSON only', async () => {
    const res = await post('/api/departments', type, `${field('name', 'x')}${end}`);
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
