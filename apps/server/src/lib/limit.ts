/**
 * A gate that lets at most `n` tasks run at once; the others wait their turn, first come first
 * served. For work whose cost in memory grows with how much of it runs at the same time.
 */
export function concurrencyLimit(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < n) running += 1;
    // The task that finishes hands its place to the next one in line (running stays the same).
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
