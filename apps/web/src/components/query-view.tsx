import type { ReactNode } from 'react';
import { ListSkeleton, LoadError, Pending } from './load-states';

/** What a data view needs of a TanStack Query result. */
export interface QueryLike<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

interface QueryViewProps<T> {
  query: QueryLike<T>;
  /** Shown while the first answer is on its way; grey bars by default. */
  skeleton?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * A data view's three states in one place: a skeleton while loading (offline: that it will load when
 * the connection is back), the failure with 'Try again', and the data. A failed background refresh keeps the figures already shown instead of blanking them.
 */
export function QueryView<T>({ query, skeleton, children }: QueryViewProps<T>) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return skeleton ? <Pending>{skeleton}</Pending> : <ListSkeleton />;
}
