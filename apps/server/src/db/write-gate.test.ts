import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helpers.js';
import { audited } from './audited.js';
import { auditLogs } from './schema/index.js';
import { setWriteGate, WriteGate } from './write-gate.js';

/** A promise and the function that settles it: a write that holds its slot until told. */
function latch() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('WriteGate', () => {
  it('runs at most `limit` works at once, the others in order of arrival', async () => {
    const gate = new WriteGate(2);
    const started: number[] = [];
    const latches = [0, 1, 2, 3].map(() => latch());
    const runs = latches.map((l, i) =>
      gate.run(async () => {
        started.push(i);
        await l.opened;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toEqual([0, 1]);
    latches[1]!.open();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    for (const l of latches) l.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
  });

  it('gives the slot of a work that failed to the next', async () => {
    const gate = new WriteGate(1);
    const failed = gate.run(async () => {
      throw new Error('no');
    });
    const next = gate.run(async () => 'ran');
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('ran');
    // And the gate is free again afterwards.
    expect(await gate.run(async () => 'again')).toBe('again');
  });
});

describe('audited writes through the gate', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await setupTestApp();
  });

  it('waits while the gate is full and runs when a write leaves it', async () => {
    setWriteGate(t.database.db, new WriteGate(1));
    const first = latch();
    const order: string[] = [];
    const one = audited(t.database.db, { userId: null, url: 'gate-test' }, async (w) => {
      order.push('first started');
      await w.record('created', 'GateTest', 1, null, { n: 1 });
      await first.opened;
      order.push('first done');
    });
    const two = audited(t.database.db, { userId: null, url: 'gate-test' }, async (w) => {
      order.push('second started');
      await w.record('created', 'GateTest', 2, null, { n: 2 });
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(order).toEqual(['first started']);
    first.open();
    await Promise.all([one, two]);
    expect(order).toEqual(['first started', 'first done', 'second started']);
    const rows = await t.database.db.select({ type: auditLogs.auditableType }).from(auditLogs);
    expect(rows.filter((r) => r.type === 'GateTest')).toHaveLength(2);
  });
});
