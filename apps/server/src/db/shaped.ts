import { is, Param, Placeholder, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { withQuickRows } from './row-mapper.js';

/**
 * Statements whose text is built once. drizzle builds a statement's text and parameters afresh on
 * every call: a write sends about eight, and building them was about a third of a write's server CPU
 * under the mixed benchmark (`perf`, bench/README.md, "What a write's server CPU is"). Reads are
 * prepared where they are built (prepared.ts), but writes run in transactions, a new object each
 * time, where drizzle's own prepared statements would be built again. A shaped statement is built
 * once per shape (its key) with placeholders, and each call only fills in its values.
 */

export type Values = Record<string, unknown>;

/**
 * Names one value of a shaped statement. Typed as `never` so that it fits any column's value: it is a
 * placeholder when the statement is built once, and the value itself when it is built as it is.
 */
export type Slot = (name: string) => never;

export interface Shaped<B extends SQLWrapper = SQLWrapper> {
  /** Names all that changes the statement's text: its columns given a value, its number of rows. */
  key: string;
  build: (slot: Slot) => B;
  values: Values;
}

/** Marks a Shaped (a drizzle builder may have any property name). */
const SHAPED = Symbol('shaped');

export function shaped<B extends SQLWrapper>(key: string, build: (slot: Slot) => B, values: Values): Shaped<B> {
  return { key, build, values, [SHAPED]: true } as Shaped<B>;
}

/** The statement with its values in place, built as drizzle builds any: to send with other writes. */
export function concrete<B extends SQLWrapper>(s: Shaped<B>): B {
  return s.build(((name: string) => s.values[name]) as Slot);
}

/**
 * The columns of `row` that have a value, as placeholders named `prefix` + column, and their values:
 * drizzle leaves out a column whose value is undefined (an insert's default, an update's "unchanged"),
 * so which columns are given is part of a statement's shape.
 */
export function slotsOf<T extends Values>(slot: Slot, prefix: string, row: T): { [K in keyof T]: never } {
  const out: Values = {};
  for (const k of Object.keys(row)) if (row[k] !== undefined) out[k] = slot(prefix + k);
  return out as { [K in keyof T]: never };
}

/** The values of `row` under the names slotsOf gives them, added to `into`. */
export function valuesOf(prefix: string, row: Values, into: Values = {}): Values {
  for (const k of Object.keys(row)) if (row[k] !== undefined) into[prefix + k] = row[k];
  return into;
}

function valuesOfRows(rows: Values[]): Values {
  const values: Values = {};
  for (let i = 0; i < rows.length; i++) valuesOf(`${i}.`, rows[i]!, values);
  return values;
}

/**
 * Rows beyond which a statement is built as drizzle builds it: an import's batch, whose shape seldom
 * comes again, and whose values by name cost more than building its text (measured: a 50,000-form
 * import took 10-15 % longer with its batches shaped).
 */
const MAX_SHAPED_ROWS = 16;

/**
 * A statement of `rows` (an insert of them), shaped by their number and columns: `build` gets the
 * rows as placeholders. Many rows are built as they are (see MAX_SHAPED_ROWS).
 */
export function shapedRows<T extends Values, B extends SQLWrapper>(
  key: string,
  rows: T[],
  build: (rows: T[]) => B,
): Shaped<B> | B {
  if (rows.length > MAX_SHAPED_ROWS) return build(rows);
  return shaped(
    `${key}:${rows.length}:${rows.map(shapeOf).join(';')}`,
    (slot) => build(rows.map((row, i) => slotsOf(slot, `${i}.`, row)) as unknown as T[]),
    valuesOfRows(rows),
  );
}

export function isShaped(w: SQLWrapper | Shaped): w is Shaped {
  return SHAPED in w;
}

/** The shape of `row` for a key: the columns it gives. */
export function shapeOf(row: Values): string {
  return Object.keys(row)
    .filter((k) => row[k] !== undefined)
    .join(',');
}

interface Encoder {
  mapToDriverValue(value: unknown): unknown;
}

/** What a statement's text needs at each call: a value by name (encoded as its column wants), or a constant. */
type Param_ = { name: string; encoder?: Encoder } | { constant: unknown };

interface Template {
  text: string;
  params: Param_[];
  fields?: unknown;
  joins?: unknown;
}

/** drizzle 0.45's internals used here: a transaction's session and dialect, a prepared query's parts. */
interface PreparedParts {
  getQuery(): { sql: string; params: unknown[] };
  fields?: unknown;
  joinsNotNullableMap?: unknown;
  execute(values?: Values): Promise<unknown>;
}
interface ExecutorParts {
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: unknown,
      name: undefined,
      arrayMode: boolean,
    ): PreparedParts;
  };
  dialect: { sqlToQuery(statement: SQL): { sql: string; params: unknown[] } };
}

/**
 * Kept texts, bounded: a key per statement shape, a few dozen in all. A long text (an import's
 * batch of rows) is built each time and not kept: its shape seldom comes again.
 */
const MAX_TEMPLATES = 500;
const MAX_KEPT_LENGTH = 20_000;
const templates = new Map<string, Template>();

function templateOf(query: { sql: string; params: unknown[] }, fields?: unknown, joins?: unknown): Template {
  const params = query.params.map((p): Param_ => {
    if (is(p, Param) && is(p.value, Placeholder)) return { name: p.value.name, encoder: p.encoder as Encoder };
    if (is(p, Placeholder)) return { name: p.name };
    return { constant: p };
  });
  return { text: query.sql, params, fields, joins };
}

function compile(key: string, make: () => Template): Template {
  let template = templates.get(key);
  if (template) return template;
  template = make();
  if (templates.size < MAX_TEMPLATES && template.text.length <= MAX_KEPT_LENGTH) templates.set(key, template);
  return template;
}

/** The parameters of a call: each value encoded as drizzle would (null stays null, as drizzle sends it). */
function paramsOf(template: Template, values: Values): unknown[] {
  return template.params.map((p) => {
    if ('constant' in p) return p.constant;
    const value = values[p.name];
    if (value === undefined) throw new Error(`No value for ${p.name}`);
    return value === null || !p.encoder ? value : p.encoder.mapToDriverValue(value);
  });
}

const slotNamed = ((name: string) => sql.placeholder(name)) as unknown as Slot;

function parts(db: Executor): ExecutorParts {
  return db as unknown as ExecutorParts;
}

/**
 * Run a shaped query builder (an insert or update with RETURNING, a select): its rows, mapped as
 * drizzle maps them.
 */
export async function runShaped<R>(
  db: Executor,
  s: Shaped<SQLWrapper & { prepare(name: string): unknown }>,
): Promise<R[]> {
  const template = compile(s.key, () => {
    const prepared = s.build(slotNamed).prepare('') as PreparedParts;
    return templateOf(prepared.getQuery(), prepared.fields, prepared.joinsNotNullableMap);
  });
  const query = parts(db).session.prepareQuery(
    { sql: template.text, params: paramsOf(template, s.values) },
    template.fields,
    undefined,
    true,
  );
  query.joinsNotNullableMap = template.joins;
  return (await withQuickRows(query).execute()) as R[];
}

/** Run a shaped statement as `execute` runs SQL: the driver's rows, with the database's column names. */
export async function runShapedSql<R>(db: Executor, s: Shaped): Promise<R[]> {
  const template = compile(s.key, () => templateOf(parts(db).dialect.sqlToQuery(s.build(slotNamed).getSQL())));
  const query = parts(db).session.prepareQuery(
    { sql: template.text, params: paramsOf(template, s.values) },
    undefined,
    undefined,
    false,
  );
  return ((await query.execute()) as { rows: R[] }).rows;
}
