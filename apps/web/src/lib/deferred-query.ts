import { useDeferredValue, useMemo } from 'react';

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

/** What a data view needs of a query (components/query-view.tsx's QueryLike). */
export interface DeferredView<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * A deferred query as one object that changes only when what a data view shows does. TanStack Query
 * renders the component that asks again, synchronously, with every answer; handed to a memoised child,
 * this keeps that render to the asking component, and the child waits for the transition. Without it
 * a page that asked at its top was built twice per answer, once in the synchronous render.
 */
export function useDeferredView<T>(query: DeferredView<T>): DeferredView<T> {
  const { data, isPending, isError, refetch } = useDeferredQuery(query);
  return useMemo(() => ({ data, isPending, isError, refetch }), [data, isPending, isError, refetch]);
}
