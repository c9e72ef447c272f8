import type { SQL } from 'drizzle-orm';
import type { TestContext } from './helpers.js';

/**
 * How a test of values that follow row notices (list-anchors.ts, list-groups.ts) times its reads
 * against its writes: read and kept before the writes ('after'); read before them and held open while
 * they are heard ('read first': they must be taken in); or read after them while they are still being
 * heard ('writes first': the snapshot saw them, they must not count twice).
 */
export type ReadTiming = 'after' | 'read first' | 'writes first';

/** What a read held around the writes waits for. */
export interface HeldAround {
  mode: Exclude<ReadTiming, 'after'>;
  written: Promise<void>;
}

/**
 * Starts the reads (`read`, given `around` unless the timing is 'after'), makes each list of writes in
 * one transaction with `apply`, waits until this instance has heard them all, and gives the reads'
 * results.
 */
export async function writesWhileReading<W, R>(
  t: TestContext,
  timing: ReadTiming,
  transactions: W[][],
  apply: (exec: (query: SQL) => Promise<unknown>, write: W) => Promise<void>,
  read: (around?: HeldAround) => Promise<R>[],
): Promise<R[]> {
  let done = () => {};
  const written = new Promise<void>((resolve) => {
    done = resolve;
  });
  const reading = read(timing === 'after' ? undefined : { mode: timing, written });
  if (timing === 'after') await Promise.all(reading);
  try {
    for (const writes of transactions) {
      await t.database.db.transaction(async (tx) => {
        for (const w of writes) await apply((q) => tx.execute(q), w);
      });
    }
    if ((await t.database.changes.afterWrite()) === null) throw new Error('The writes were not heard');
  } finally {
    done();
  }
  return Promise.all(reading);
}
