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

/** What a paged table shows of a paged query, deferred (see useDeferredPage). */
export interface DeferredPage<P> {
  /** The page on screen: the answer once the transition has rendered it, the previous page before. */
  page: P | undefined;
  /** Nothing to show yet, and no error to show instead. */
  loading: boolean;
  /** What is on screen is not the page asked for: the previous page (dimmed) while the next loads or renders. */
  busy: boolean;
}

/**
 * A paged list's answer handed to its (memoised) table in a transition: the answer renders the page
 * that asked again synchronously (TanStack Query), and the table, given the same props meanwhile, is
 * then built in slices that let a tap through instead of in that one task (issue 15). Until then it
 * shows what it showed: loading, or the previous page marked busy.
 */
export function useDeferredPage<P>(query: {
  data: P | undefined;
  isError: boolean;
  isPlaceholderData: boolean;
}): DeferredPage<P> {
  const page = useDeferredValue(query.data);
  return {
    page,
    loading: page === undefined && !query.isError,
    busy: query.isPlaceholderData || page !== query.data,
  };
}
