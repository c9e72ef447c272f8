import { useDeferredValue } from 'react';

/**
 * A query whose answer is rendered as a transition. TanStack Query hands an answer to React
 * synchronously (useSyncExternalStore), so a page that renders many rows or tiles from it blocks the
 * phone until every one is built: the dashboard's figures were one 200 ms task at 4x CPU slowdown
 * (Lighthouse's Total Blocking Time, issue 15). With this, the urgent render keeps what was shown
 * (still "loading"), and React builds the new rows in slices of a few milliseconds, answering taps
 * in between.
 */
export function useDeferredQuery<Q extends { data: unknown; isPending: boolean }>(query: Q): Q {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  // The answer is in but not yet rendered: still loading, as far as the page is concerned.
  return { ...query, data, isPending: query.isPending || data === undefined };
}
