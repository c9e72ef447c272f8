import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What a server instance may keep in memory between requests, by what invalidates it:
 * - `auth`: sessions, users and their roles (the signed-in user of a token);
 * - `assessments`: assessments and their lines (lists, figures);
 * - `reference`: provinces, districts, facilities, departments, positions, trainings.
 */
export const TOPICS = ['auth', 'assessments', 'reference'] as const;
export type Topic = (typeof TOPICS)[number];

/** The channel migration 0010's triggers notify, with the topic as payload, when a table changes. */
export const CHANGES_CHANNEL = 'tna_changes';

/**
 * Tells caches when what they hold may have changed. Each topic has a version; a cache entry is good
 * only while the version it was read under is current and the feed is `live`.
 *
 * Changes reach it two ways: PostgreSQL NOTIFY from the triggers (so a change made by another server
 * instance, or straight in SQL, reaches every instance a moment after it commits), and `bumpAll()`
 * from this instance after each request that may have written (so a client reads its own writes at
 * once, without waiting for the notification). While the listening connection is down the feed is
 * not live and caches are bypassed; when it comes back every version moves on, since notifications
 * may have been missed.
 */
export class ChangeFeed {
  private readonly versions = new Map<Topic, number>(TOPICS.map((t) => [t, 0]));
  private listening = false;
  private closed = false;
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;

  /** Caches may be used (the feed hears every change). */
  get live(): boolean {
    return this.listening && !this.closed;
  }

  version(topic: Topic): number {
    return this.versions.get(topic) ?? 0;
  }

  bump(topic: string): void {
    const known = TOPICS.find((t) => t === topic);
    if (known) this.versions.set(known, this.version(known) + 1);
    else this.bumpAll();
  }

  bumpAll(): void {
    for (const t of TOPICS) this.versions.set(t, this.version(t) + 1);
  }

  /** Listen on the embedded database (one process: its notifications arrive with each query's result). */
  async listenPglite(db: PGlite): Promise<void> {
    this.unlisten = await db.listen(CHANGES_CHANNEL, (payload) => this.bump(payload));
    this.listening = true;
  }

  /** Listen on a PostgreSQL server on a connection of its own, reconnecting if it drops. */
  async listenPostgres(url: string): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({ connectionString: url });
    const lost = () => {
      if (this.client !== client) return;
      this.listening = false;
      this.client = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => {});
      if (!this.closed) this.retry = setTimeout(() => void this.listenPostgres(url).catch(() => {}), 1000);
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
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
    await this.unlisten?.().catch(() => {});
  }
}
