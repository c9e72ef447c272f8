import type pg from 'pg';

/**
 * Writes as named prepared statements. The hot reads are prepared by name where they are built
 * (db/prepared.ts), but writes run in transactions, where drizzle builds every statement afresh and
 * sends it unnamed, so PostgreSQL parsed, analysed and planned each one on every call: seven
 * statements a new form, some of them a chain of data-modifying WITHs (issue 12 §3). A connection
 * of the pool now names a write the first time it sends its text and afterwards only binds and runs
 * it. Only writes are named: their plans do not depend on the values (rows by key, inserts), while a
 * read sent unnamed may want a plan for its values (a search by place). The server keeps at most
 * MAX_NAMES texts, so that a statement built with a varying text (an IN list of any length) cannot
 * fill every connection with plans; texts beyond it go unnamed, as before. So do long texts (an
 * import's rows in one insert): parsing them is little beside running them, and their plans are large.
 */
const MAX_NAMES = 400;
const MAX_LENGTH = 20_000;
const names = new Map<string, string>();

const WRITE = /^\s*(?:insert|update|delete)\b/i;
const WRITE_IN_WITH = /^\s*with\b[\s\S]*\b(?:insert\s+into|update\s+"?\w+"?\s+set|delete\s+from)\b/i;
const LOCK = /^\s*select\b[\s\S]*\bfor\s+(?:no\s+key\s+)?update\b/i;

/** The name a write's text is prepared under on every connection, or undefined when it stays unnamed. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (
    names.size >= MAX_NAMES ||
    text.length > MAX_LENGTH ||
    !(WRITE.test(text) || WRITE_IN_WITH.test(text) || LOCK.test(text))
  )
    return undefined;
  const name = `tna_write_${names.size + 1}`;
  names.set(text, name);
  return name;
}

/**
 * Have `client`, a new connection of the pool, send writes as named prepared statements (see
 * statementName); called from the pool's `connect` event, before the connection runs anything.
 */
export function nameWrites(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  // pg's query has a dozen overloads; this passes every call through, naming only a query config
  // (what drizzle sends) that has no name yet.
  (client as { query: unknown }).query = (...args: unknown[]) => {
    const config = args[0] as Partial<pg.QueryConfig> | null;
    if (
      config &&
      typeof config === 'object' &&
      !config.name &&
      typeof config.text === 'string' &&
      !('submit' in config)
    ) {
      const name = statementName(config.text);
      if (name) args[0] = { ...config, name };
    }
    return query(...args);
  };
}
