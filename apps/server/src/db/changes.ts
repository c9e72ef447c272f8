import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a server instance may keep in memory between requests, by what invalidates it (the payload
 * the triggers of migrations 0010, 0023 and 0025 notify):
 * - `auth`: sessions, users and their roles and provinces (the signed-in user of a token);
 * - `assessments`: assessments and their lines (lists, figures);
 * - `order`: where forms sit in the lists, for what a row notice cannot say (many forms at once, a
 *   truncate): the kept anchors of deep pages, which follow row notices (migration 0027);
 * - one topic per reference table: `units` (provinces and districts), `facilities`, `departments`,
 *   `positions` (and the trainings each position offers), `trainings`.
 */
export const REFERENCE_TOPICS = ['units', 'facilities', 'departments', 'positions', 'trainings'] as const;
export const TOPICS = ['auth', 'assessments', 'order', ...REFERENCE_TOPICS] as const;
export type Topic = (typeof TOPICS)[number];

/** The channel the triggers notify, with the topic as payload, when a table changes. */
export const CHANGES_CHANNEL = 'tna_changes';

/**
 * A numbered mark on the channel: the number comes from one sequence, so a listener that heard mark
 * `n` has heard every change committed before any mark up to `n` was taken (notifications arrive in
 * commit order, and a mark is taken after the change it follows has committed).
 */
const MARK_SQL = `with s as materialized (select nextval('tna_change_seq') as n)
  select n::text as n, pg_notify('${CHANGES_CHANNEL}', 'seq:' || n) from s`;
const LAST_MARK_SQL = `select last_value::text as n from tna_change_seq`;

/** A row notice's JSON, or null when it is not one (then what it said is unknown). */
function parseRowNotice(json: string): RowNotice | null {
  try {
    const parsed = JSON.parse(json) as { x?: unknown; r?: unknown };
    const xid = Number(parsed.x);
    if (!Number.isSafeInteger(xid) || !Array.isArray(parsed.r) || !parsed.r.every(Array.isArray)) return null;
    return { xid, rows: parsed.r as unknown[][] };
  } catch {
    return null;
  }
}

/** Runs one SQL statement without parameters and gives its first row's `n`. */
export type RunOne = (text: string) => Promise<string>;

/**
 * A statement's forms that left and joined lists (migration 0027): the writing transaction's id and
 * the rows, each [sign, id, status, province, district, facility, ...sort keys] as the trigger lists.
 */
export interface RowNotice {
  xid: number;
  rows: unknown[][];
}

export interface FeedOptions {
  /** How often the listening connection is checked by an echo of a mark (PostgreSQL), in ms. */
  heartbeatMs?: number;
}

/**
 * Tells caches when what they hold may have changed. Each topic has a version; a cache entry is good
 * only while the version it was read under is current and the feed is `live`.
 *
 * Changes reach it as PostgreSQL notifications from the triggers, so a change made by any server
 * instance, or straight in SQL, reaches every instance a moment after it commits. After each request
 * that may have written, the instance takes a mark (see MARK_SQL) and answers once its own feed has
 * heard it, so that its caches have dropped what the write changed; the mark's number goes to the
 * client, which sends it on, and an instance that has not heard that mark yet reads the database
 * (see `require`). A heartbeat (a mark every few seconds that must come back in time) tells a
 * listening connection that went silent (a NAT or a pooler in between) from a quiet database: while
 * the feed is not live caches are bypassed, and when it comes back every version moves on, since
 * notifications may have been missed.
 */
export class ChangeFeed {
  private readonly versions = new Map<Topic, number>(TOPICS.map((t) => [t, 0]));
  private listening = false;
  private closed = false;
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private beat: NodeJS.Timeout | null = null;
  private run: RunOne | null = null;
  /** The highest mark heard. */
  private heard = 0;
  /** A mark a client has seen: until it is heard here, this instance's caches are not used. */
  private required = 0;
  private readonly waiting = new Set<{ n: number; done: (heard: boolean) => void }>();
  private readonly rowListeners = new Set<(notice: RowNotice) => void>();
  readonly heartbeatMs: number;

  constructor(options: FeedOptions = {}) {
    this.heartbeatMs = options.heartbeatMs ?? 5000;
  }

  /** Caches may be used (the feed hears every change, and has heard every mark a client asked for). */
  get live(): boolean {
    return this.listening && !this.closed && this.heard >= this.required;
  }

  /** The highest mark this instance has heard. */
  get seen(): number {
    return this.heard;
  }

  version(topic: Topic): number {
    return this.versions.get(topic) ?? 0;
  }

  /** Hear every row notice from now on (see RowNotice); gives the function that stops it. */
  onRows(listener: (notice: RowNotice) => void): () => void {
    this.rowListeners.add(listener);
    return () => this.rowListeners.delete(listener);
  }

  /** A notification: a topic that changed, a statement's rows, or a mark. */
  bump(payload: string): void {
    if (payload.startsWith('seq:')) {
      this.hear(Number(payload.slice(4)));
      return;
    }
    if (payload.startsWith('rows:')) {
      const notice = parseRowNotice(payload.slice(5));
      if (!notice) this.bump('order');
      else for (const listener of this.rowListeners) listener(notice);
      return;
    }
    const known = TOPICS.find((t) => t === payload);
    if (known) this.versions.set(known, this.version(known) + 1);
    // `reference` is what instances before migration 0025 notify; anything unknown drops everything.
    else this.bumpAll();
  }

  bumpAll(): void {
    for (const t of TOPICS) this.versions.set(t, this.version(t) + 1);
  }

  private hear(n: number): void {
    if (!Number.isSafeInteger(n) || n <= this.heard) return;
    this.heard = n;
    for (const w of this.waiting) if (w.n <= n) w.done(true);
  }

  /** Resolves true once mark `n` is heard, false after `ms` (or at once if the feed is down). */
  private waitFor(n: number, ms: number): Promise<boolean> {
    if (this.heard >= n) return Promise.resolve(true);
    if (!this.listening) return Promise.resolve(false);
    return new Promise((resolve) => {
      const w = {
        n,
        done: (heard: boolean) => {
          clearTimeout(timer);
          this.waiting.delete(w);
          resolve(heard);
        },
      };
      const timer = setTimeout(() => w.done(false), ms);
      this.waiting.add(w);
    });
  }

  /**
   * After a request that may have written: take a mark and wait (a moment) until this instance has
   * heard it, so that its caches have dropped what the write changed. Gives the mark's number for the
   * client (null when no mark could be taken; then every cache of this instance starts afresh).
   */
  async afterWrite(): Promise<number | null> {
    if (!this.run) {
      this.bumpAll();
      return null;
    }
    let n: number;
    try {
      n = Number(await this.run(MARK_SQL));
    } catch {
      this.bumpAll();
      return null;
    }
    if (!(await this.waitFor(n, Math.max(this.heartbeatMs, 1000)))) this.required = Math.max(this.required, n);
    return n;
  }

  /**
   * A client has seen mark `n` (on any instance): until this instance hears it, its caches are not
   * used. A number past the last mark taken (a client's mistake) counts as the last mark.
   */
  async require(n: number): Promise<void> {
    if (!Number.isSafeInteger(n) || n <= this.heard || n <= this.required || !this.run) return;
    const last = Number(await this.run(LAST_MARK_SQL).catch(() => '0'));
    this.required = Math.max(this.required, Math.min(n, last));
  }

  /** Listen on the embedded database (one process: its notifications arrive with each query's result). */
  async listenPglite(db: PGlite): Promise<void> {
    this.run = async (text) => String((await db.query<{ n: string }>(text)).rows[0]!.n);
    this.unlisten = await db.listen(CHANGES_CHANNEL, (payload) => this.bump(payload));
    this.listening = true;
  }

  /**
   * Listen on a PostgreSQL server on a connection of its own, reconnecting if it drops or goes
   * silent; `run` takes marks on another connection (the pool), so that an echo proves the path.
   */
  async listenPostgres(url: string, run: RunOne): Promise<void> {
    this.run = run;
    if (this.closed) return;
    const client = new pg.Client({ connectionString: url, keepAlive: true });
    const lost = () => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = null;
      if (this.beat) clearTimeout(this.beat);
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      for (const w of this.waiting) w.done(false);
      if (!this.closed) this.retry = setTimeout(() => void this.listenPostgres(url, run).catch(() => {}), 1000);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => this.bump(message.payload ?? ''));
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      lost();
      throw error;
    }
    this.bumpAll();
    this.listening = true;
    const heartbeat = async () => {
      if (this.client !== client) return;
      const n = Number(await run(MARK_SQL).catch(() => 'NaN'));
      if (this.client !== client) return;
      // No echo in time: the connection hears nothing any more; drop it and listen again.
      if (!Number.isSafeInteger(n) || !(await this.waitFor(n, this.heartbeatMs))) lost();
      else this.beat = setTimeout(() => void heartbeat(), this.heartbeatMs);
    };
    this.beat = setTimeout(() => void heartbeat(), this.heartbeatMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    if (this.beat) clearTimeout(this.beat);
    for (const w of this.waiting) w.done(false);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.unlisten?.().catch(() => {});
  }
}
