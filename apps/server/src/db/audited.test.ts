import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupTestApp, type TestContext } from '../test/helpers.js';
import { audited } from './audited.js';
import { auditLogs } from './schema/index.js';

// `together` sends several writes as one statement (issue 12 §3): each must run once, the last
// one's rows come back, and a failure in any leaves none of them.
describe('AuditedTx.together', () => {
  let t: TestContext;
  const entries = async (type: string) =>
    (await t.database.db.select().from(auditLogs).where(eq(auditLogs.auditableType, type))).map((r) => r.auditableId);
  beforeAll(async () => {
    t = await setupTestApp();
  });

  it('runs every write once and answers the last one’s rows', async () => {
    const rows = await audited(t.database.db, { userId: null, url: 'together' }, (w) =>
      w.together(
        w.entry('created', 'TogetherA', 1, null, { n: 1 }),
        w.entry('created', 'TogetherA', 2, null, { n: 2 }),
        w.tx
          .insert(auditLogs)
          .values({ event: 'created', auditableType: 'TogetherA', auditableId: '3' })
          .returning({ id: auditLogs.auditableId }),
      ),
    );
    // Named as the database names the columns: drizzle's aliases are applied to its own results only.
    expect(rows).toEqual([{ auditable_id: '3' }]);
    expect((await entries('TogetherA')).sort()).toEqual(['1', '2', '3']);
  });

  it('writes nothing when one of them fails', async () => {
    const failed = audited(t.database.db, { userId: null, url: 'together' }, (w) =>
      w.together(
        w.entry('created', 'TogetherB', 1, null, null),
        // No such user: the foreign key refuses it.
        w.tx
          .insert(auditLogs)
          .values({ userId: 999_999, event: 'created', auditableType: 'TogetherB', auditableId: '2' }),
      ),
    );
    await expect(failed).rejects.toThrow();
    expect(await entries('TogetherB')).toEqual([]);
  });
});
