import { Column, is, SQL } from 'drizzle-orm';
import { NodePgPreparedQuery } from 'drizzle-orm/node-postgres/session';

/** How drizzle turns a selected field's value from the driver into the row's (see mapFromDriverValue). */
interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A selected field as drizzle keeps it on a prepared select: where it goes in the row, and what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

/** The internals of drizzle's node-postgres prepared query (0.45) that the mapping below replaces. */
interface MappedQuery {
  fields?: SelectedField[];
  customResultMapper?: (rows: unknown[][]) => unknown;
}

/** An SQL expression's decoder: drizzle keeps it on the expression, out of its public types. */
const decoderOfSql = (expression: SQL) => (expression as unknown as { decoder?: Decoder }).decoder;

/** The decoder drizzle's own mapping picks for a field (mapResultRow), or undefined for other kinds. */
function decoderOf(field: unknown): Decoder | undefined {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, SQL.Aliased)) return decoderOfSql(field.sql);
  return undefined;
}

/**
 * Has a prepared select of flat rows map its rows with the decoders worked out once, not per value.
 * drizzle works out each field's decoder again for every value of every row (instanceof-like checks
 * up the class chain): with 15 rows of 14 fields a page, that was 7 % of the server's time under the
 * benchmark's list pages (bench/README.md). The rows are the same objects drizzle would make (a test
 * compares them). Selects that nest fields (joins into objects) or that drizzle maps its own way are
 * left as they are, as are other drivers (PGlite).
 */
export function withQuickRows<T>(query: T): T {
  if (!(query instanceof NodePgPreparedQuery)) return query;
  const q = query as unknown as MappedQuery;
  const fields = q.fields;
  if (!fields || q.customResultMapper) return query;
  // drizzle's joinsNotNullableMap (set on every select) only nulls nested objects of joined tables:
  // with every field at the top level it changes nothing.
  if (fields.some((f) => f.path.length !== 1)) return query;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  if (decoders.some((d) => !d)) return query;
  const n = keys.length;
  q.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < n; i++) {
        const value = row[i];
        out[keys[i]!] = value === null ? null : decoders[i]!.mapFromDriverValue(value);
      }
      return out;
    });
  return query;
}
