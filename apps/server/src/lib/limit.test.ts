import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './limit.js';

describe('concurrencyLimit', () => {
  it('runs at most n tasks at once, starts them in the order they came, and runs every one', async () => {
    const limit = concurrencyLimit(2);
    let now = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        limit(async () => {
          started.push(i);
          now += 1;
          most = Math.max(most, now);
          await new Promise((r) => setTimeout(r, 5 + ((i * 7) % 4)));
          now -= 1;
          return i * 10;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 10, 20, 30, 40, 50, 60]);
  });

  it('gives the place of a task that failed to the next one', async () => {
    const limit = concurrencyLimit(1);
    const failed = limit(() => Promise.reject(new Error('no')));
    const next = limit(async () => 'ran');
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('ran');
    expect(await limit(async () => 'and the one after')).toBe('and the one after');
  });
});
