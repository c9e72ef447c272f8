import { type SQL, sql } from 'drizzle-orm';
import { assessmentBlocks } from '../../db/schema/index.js';
import type { ListShape } from './assessment-filters.repository.js';

// Where a deep page newest first starts, found in assessment_blocks (migration 0026): how many forms
// of a status each block of 1,024 ids holds, over every province and per province, kept by triggers in
// the same transaction as every write. A page at row 300,000 sums the blocks from the newest down to
// the one that holds its first row (PostgreSQL stops there), then reads at most that block's rows of
// the list off the index before its own. Unlike kept anchors, nothing goes stale: a write changes the
// counts it touches and the next page is exact, on every instance, with no scan of the list.

/** The list filter shapes whose blocks are kept: all provinces, one, or a scope of several. */
const BLOCK_SHAPES: ReadonlySet<string> = new Set<ListShape>(['---', 'p--', '---s', 'p--s']);

/** Whether a list of this filter shape (see shapeOf) can start its pages from the blocks. */
export const hasBlocks = (shape: string) => BLOCK_SHAPES.has(shape);

/** Ids per block: the triggers' `id >> 10`. */
const BLOCK_BITS = 10;

/**
 * The block that holds row `offset` of a list newest first, with how many of the list's rows come
 * before it: one row (block, before), none past the list's end. Placeholders: status, offset, and
 * province or provinces as the shape has them.
 */
function blockSql(shape: string): SQL {
  const b = assessmentBlocks;
  const status = sql`${b.status} = ${sql.placeholder('status')}`;
  // A scope of several provinces sums its provinces' rows of each block; one province, or all
  // (province 0), is one row per block, read in order off the primary key.
  const counts =
    shape === '---s'
      ? sql`select ${b.block} as block, sum(${b.n})::int as n from ${b}
          where ${status} and ${b.provinceId} = any(${sql.placeholder('provinces')}::int[]) group by ${b.block}`
      : sql`select ${b.block} as block, ${b.n} as n from ${b}
          where ${status} and ${b.provinceId} = ${shape[0] === 'p' ? sql`${sql.placeholder('province')}::int` : sql`0`}`;
  return sql`select s.block, s.before from (
      select c.block, c.n, sum(c.n) over (order by c.block desc) - c.n as before from (${counts}) c
    ) s where s.before + s.n > ${sql.placeholder('offset')}::int order by s.block desc limit 1`;
}

/** The ids a page started at its block reads: those below the top of the block (`id < ...`). */
export const blockEnd = sql`(((select block from start) + 1) << ${sql.raw(String(BLOCK_BITS))})`;

/** How many rows of the list a page started at its block skips: those of the block before it. */
export const blockSkip = sql`(select ${sql.placeholder('offset')}::int - before from start)`;

/**
 * A page's ids newest first, started at its block: `ids` reads the list newest first from blockEnd,
 * skipping blockSkip rows (`start` is the block found, none past the list's end).
 */
export function blockStarted(shape: string, ids: SQL): SQL {
  return sql`with start as materialized (${blockSql(shape)}) ${ids}`;
}
