import fc from 'fast-check';

/**
 * Generators of malformed input for the write routes' property test (write-routes.fuzz.test.ts):
 * each starts from a route's valid body and breaks it in a way no schema may accept.
 */

export type Body = Record<string, unknown>;
export interface Route {
  method: 'POST' | 'DELETE';
  /** `:id=N` marks where the id goes (N a valid one); the property also puts malformed ids there. */
  path: string;
  /** A valid body (absent: the route takes none). */
  body?: Body;
  /** Fields a form cannot do without, to be left out. */
  required?: string[];
  multipart?: boolean;
  anonymous?: boolean;
}

export const BOUNDARY = 'fuzz-boundary';
const CONTROL = ['\u0000', '\u0001', '\u0007', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f'];
/** Whatever a field is, these are never a valid value for it. */
const neverValid = fc.oneof(
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...CONTROL), fc.string({ maxLength: 20 }))
    .map(([a, c, b]) => a + c + b),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -(2 ** 31) - 1 }),
  fc
    .dictionary(
      fc.string({ maxLength: 8 }).filter((k) => k !== 'id' && k !== '__proto__'),
      fc.jsonValue({ maxDepth: 2 }),
      { minKeys: 1, maxKeys: 3 },
    )
    .filter((o) => !('id' in o)),
  fc.constantFrom('\ud800', 'a\udfffb'),
);
/** Not ids, though a loose parser took them for one. */
const notAnId = fc.constantFrom(true, false, '0x10', ' 42 ', '1e3', 0, -1, 1.5, 'abc', 2147483648, [1]);
const ID_FIELD = /^(id|staff_id|parent_id|province|department|training|hospital|district|health_facility|\w+_id)$/;
const TEXT_FIELD = /^hr_id$/;
export const notAnIdPath = fc.oneof(
  fc.constantFrom('0x10', 'true', '%2042%20', '2147483648', '-1', '0', '1.5', '1e3', 'abc', '%zz', '%00', '%E2%80%AE1'),
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((s) => !/^[0-9]+$/.test(s))
    .map(encodeURIComponent),
);

/** A way to break a valid body: returns the request's content type and payload. */
type Breaker = (route: Route) => fc.Arbitrary<{ contentType: string; payload: string; label: string }>;

const json = (body: unknown, label: string) => ({
  contentType: 'application/json',
  payload: JSON.stringify(body),
  label,
});

export function asMultipart(body: Body): string {
  const part = (name: string, value: unknown) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${typeof value === 'string' ? value : JSON.stringify(value)}\r\n`;
  return `${Object.entries(body)
    .map(([k, v]) => part(k, v))
    .join('')}--${BOUNDARY}--\r\n`;
}
const multipart = (body: Body, label: string) => ({
  contentType: `multipart/form-data; boundary=${BOUNDARY}`,
  payload: asMultipart(body),
  label,
});

/** One field of a body (or of the form inside a multipart `data`) set to what it can never be. */
export const breakField: Breaker = (route) => {
  const body = route.body!;
  const target = route.multipart ? (body.data as Body) : body;
  const keys = Object.keys(target);
  return fc
    .tuple(fc.constantFrom(...keys), fc.boolean())
    .chain(([key, loose]) =>
      (loose && ID_FIELD.test(key) && !TEXT_FIELD.test(key) ? notAnId : neverValid).map((value) => ({ key, value })),
    )
    .map(({ key, value }) => {
      const broken = { ...target, [key]: value };
      const label = `${key}=${JSON.stringify(value)}`;
      return route.multipart ? multipart({ ...body, data: broken }, label) : json(broken, label);
    });
};

/** A priority line of a multipart form broken, or the list replaced. */
export const breakPriorities: Breaker = (route) =>
  fc
    .oneof(
      fc
        .tuple(fc.constantFrom('department', 'training', 'priority'), fc.oneof(neverValid, notAnId))
        .map(([key, value]) => {
          const lines = (route.body!.priorities as Body[]).map((l) => ({ ...l }));
          lines[0]![key] = value;
          return lines as unknown;
        }),
      fc.constantFrom<unknown>([], '[', 'null', { 0: 1 }, [[[]]]),
    )
    .map((lines) => multipart({ ...route.body!, priorities: lines }, `priorities=${JSON.stringify(lines)}`));

/** A required field left out. */
export const dropField: Breaker = (route) =>
  fc.constantFrom(...route.required!).map((key) => {
    const target = route.multipart ? { ...(route.body!.data as Body) } : { ...route.body! };
    delete target[key];
    const label = `without ${key}`;
    return route.multipart ? multipart({ ...route.body!, data: target }, label) : json(target, label);
  });

/** A body that is not the form at all, or not readable. */
export const breakWhole: Breaker = (route) =>
  fc.oneof(
    fc.constantFrom<unknown>(null, [], 42, 'text', true).map((v) => json(v, `body ${JSON.stringify(v)}`)),
    fc.constant({ contentType: 'application/json', payload: '{"name": ', label: 'truncated JSON' }),
    fc.constant({ contentType: 'application/json', payload: '{"__proto__": {"x": 1}}', label: '__proto__' }),
    fc.constant({ contentType: 'application/json', payload: '['.repeat(5000), label: 'deep JSON' }),
    fc.constant({ contentType: 'text/xml', payload: '<a/>', label: 'xml' }),
    fc.constant({ contentType: 'application/x-www-form-urlencoded', payload: 'name=x', label: 'urlencoded' }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => ({
      contentType: `multipart/form-data; boundary=${BOUNDARY}`,
      payload: `--${BOUNDARY}\r\n${Buffer.from(bytes).toString('latin1')}`,
      label: 'broken multipart',
    })),
    fc.constant({ contentType: 'multipart/form-data', payload: 'x', label: 'multipart without boundary' }),
    ...(route.body && !route.multipart
      ? [fc.constant(json({ ...route.body, extra: 'a\u0000b' }, 'extra field with NUL'))]
      : []),
  );
