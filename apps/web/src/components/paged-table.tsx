import type { Page } from '@tna/domain';
import { DataTable, type DataTableProps } from './data-table';
import { PageLinks } from './page-links';

interface PagedTableProps<T> extends Omit<DataTableProps<T>, 'rows' | 'firstNumber'> {
  /** The server's page (SPEC 3 paged shape); undefined while the first one loads. */
  page: Page<T> | undefined;
  onPage: (page: number) => void;
  /** Accessible name of the page links. */
  pagesLabel?: string;
}

/**
 * A server-paged list: rows numbered from the page's first index, sortable headers (the server sorts
 * across all pages) and the server's page links below.
 */
export function PagedTable<T>({ page, onPage, pagesLabel, loading, ...table }: PagedTableProps<T>) {
  return (
    <>
      <DataTable {...table} loading={loading && !page} rows={page?.data} firstNumber={page?.from ?? 1} />
      {page && !table.error ? <PageLinks page={page} onPage={onPage} label={pagesLabel} /> : null}
    </>
  );
}
