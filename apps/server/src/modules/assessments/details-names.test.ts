import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CacheStore } from '../../db/cache-store.js';
import { ChangeFeed } from '../../db/changes.js';
import { ReferenceCache } from '../../db/reference-cache.js';
import { seedAssessments } from '../../test/assessment-fixtures.js';
import { setupTestApp, type TestContext } from '../../test/helpers.js';
import { findAssessmentDto } from './assessments.repository.js';

// A form's details name its places, facility, department and position from the instance's copy of
// the reference data while that copy is kept, and from joins in the database while it is not (the
// change feed is down): a client sees the same answer either way, and a renamed facility at once.

let t: TestContext;
let id: number;

beforeAll(async () => {
  t = await setupTestApp();
  await seedAssessments(t, 2);
  const rows = (await t.database.db.execute(sql`select max(id) as id from assessments`)) as unknown as {
    rows: { id: number }[];
  };
  id = Number(rows.rows[0]!.id);
});

/** A copy of the reference data whose change feed never listens: never kept. */
const notKept = () => new ReferenceCache(t.database.db, new CacheStore(1024 * 1024), new ChangeFeed());

describe("a form's details", () => {
  it('are the same from the kept names as from the joins', async () => {
    expect(t.app.reference.kept).toBe(true);
    const down = notKept();
    expect(down.kept).toBe(false);
    const fromMemory = await findAssessmentDto(t.database.db, t.app.reference, id);
    const joined = await findAssessmentDto(t.database.db, down, id);
    expect(fromMemory).not.toBeNull();
    expect(fromMemory!.hospital.name).toBeTruthy();
    expect(fromMemory!.temp_province.name_fa).toBeTruthy();
    expect(fromMemory!.position.title_en).toBeTruthy();
    expect(fromMemory).toEqual(joined);
    expect(await findAssessmentDto(t.database.db, t.app.reference, id + 1000)).toBeNull();
    expect(await findAssessmentDto(t.database.db, down, id + 1000)).toBeNull();
  });

  it("show a facility's new name as soon as it is renamed", async () => {
    const before = await findAssessmentDto(t.database.db, t.app.reference, id);
    await t.database.db.execute(
      sql`update health_facilities set name = name || ' (renamed)' where id = ${before!.hospital_id}`,
    );
    expect(await t.database.changes.afterWrite()).not.toBeNull();
    const after = await findAssessmentDto(t.database.db, t.app.reference, id);
    expect(after!.hospital.name).toBe(`${before!.hospital.name} (renamed)`);
    expect(after!.hospital_name).toBe(after!.hospital.name);
    expect(after).toEqual(await findAssessmentDto(t.database.db, notKept(), id));
  });
});
