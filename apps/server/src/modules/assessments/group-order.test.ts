import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GroupCounts } from './group-counts.repository.js';
import { groupOrder, pageGroups } from './group-order.js';

// A page sorted by place name takes its rows from the groups its slice of the list falls in. Checked
// against the list written out row by row: every group's id repeated as many times as it holds rows,
// in the page's direction.

const lists = fc
  .uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 60 }), n: fc.integer({ min: 1, max: 30 }) }), {
    selector: (g) => g.id,
    maxLength: 25,
  })
  .chain((groups) =>
    fc.record({
      groups: fc.constant(groups.map((g) => [g.id, g.n] as [number, number])),
      // Ranks for some of the ids (a group without a name goes last); ranks may tie.
      ranks: fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 9 })), { maxLength: 40 }),
      offset: fc.integer({ min: 0, max: 800 }),
      limit: fc.integer({ min: 1, max: 40 }),
      direction: fc.constantFrom('asc' as const, 'desc' as const),
    }),
  );

/** The page's slices, worked out from the list written out row by row. */
function written(groups: GroupCounts, rank: Map<number, number>, offset: number, limit: number, dir: 'asc' | 'desc') {
  const last = Number.MAX_SAFE_INTEGER;
  const sorted = [...groups].sort((a, b) => (rank.get(a[0]) ?? last) - (rank.get(b[0]) ?? last) || a[0] - b[0]);
  if (dir === 'desc') sorted.reverse();
  const rows = sorted.flatMap(([id, n]) => Array.from({ length: n }, () => id));
  const slices: { id: number; n: number; skip: number; take: number }[] = [];
  for (let i = offset; i < Math.min(rows.length, offset + limit); i++) {
    const id = rows[i]!;
    const open = slices.at(-1);
    if (open?.id === id) open.take++;
    else slices.push({ id, n: groups.find((g) => g[0] === id)![1], skip: i - rows.indexOf(id), take: 1 });
  }
  return { slices, total: rows.length };
}

describe('a page of a list sorted by place name', () => {
  it('takes the rows of the groups its slice falls in, in either direction', () => {
    fc.assert(
      fc.property(lists, ({ groups, ranks, offset, limit, direction }) => {
        const rank = new Map(ranks);
        const order = groupOrder(groups, rank);
        const want = written(groups, rank, offset, limit, direction);
        expect(pageGroups(order, offset, limit, direction)).toEqual(want.slices);
        expect(order.total).toBe(want.total);
      }),
      { numRuns: 500 },
    );
  });

  it('is worked out once for each copy of the counts and of the names', () => {
    const groups: GroupCounts = [
      [3, 5],
      [1, 2],
      [2, 7],
    ];
    const rank = new Map([
      [1, 2],
      [2, 0],
    ]);
    const order = groupOrder(groups, rank);
    expect(order.ids).toEqual([2, 1, 3]);
    expect(order.starts).toEqual([0, 7, 9]);
    expect(groupOrder(groups, rank)).toBe(order);
    expect(groupOrder(groups, new Map(rank))).not.toBe(order);
    expect(groupOrder([...groups], rank)).not.toBe(order);
    // The kept counts are not changed.
    expect(groups.map(([id]) => id)).toEqual([3, 1, 2]);
  });
});
