import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves in a later task: after every microtask queued before and during its wait', async () => {
    let chained = 0;
    const chain = (n: number): void => {
      if (n === 0) return;
      chained++;
      queueMicrotask(() => chain(n - 1));
    };
    chain(1_000);
    await nextTask();
    // A microtask would have resolved it in the middle of the chain.
    expect(chained).toBe(1_000);
  });

  it('uses the browser scheduler where there is one', async () => {
    const calls: string[] = [];
    const g = globalThis as { scheduler?: unknown };
    const before = g.scheduler;
    g.scheduler = {
      yield: () => {
        calls.push('yield');
        return Promise.resolve();
      },
    };
    try {
      await nextTask();
    } finally {
      g.scheduler = before;
    }
    expect(calls).toEqual(['yield']);
  });
});
