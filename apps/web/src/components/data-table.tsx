import { Alert, Button, Center, Loader, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './data-table.module.css';

export type SortDirection = 'asc' | 'desc';

export interface SortState<K extends string = string> {
  key: K;
  direction: SortDirection;
}

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** `number` is the row number, continuing from the page's first row. */
  render: (row: T, number: number) => ReactNode;
  width?: number | string;
  /** The key the server sorts this column by; the header becomes a sort button when the table sorts. */
  sortKey?: string;
  /** How many columns this row's cell covers (the covered cells are not drawn); 1 when absent. */
  span?: (row: T) => number;
  /** Keep the cell on one line (codes, dates). */
  noWrap?: boolean;
}

export interface DataTableProps<T> {
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T) => string | number;
  loading?: boolean;
  error?: boolean;
  onRetry?: () => void;
  /** Number of the first row (SPEC 9: numbering continues from the page's starting index). */
  firstNumber?: number;
  /** Below this width the table scrolls sideways instead of squeezing (phones). */
  minWidth?: number;
  /** Accessible name of the table. */
  label?: string;
  /** The current sort; with `onSort`, headers of columns with a `sortKey` toggle it. */
  sort?: SortState | undefined;
  onSort?: (key: string) => void;
  /** Content shown under a row across the whole table (e.g. a province's districts), or null. */
  renderExpanded?: (row: T) => ReactNode;
  /** New rows are on their way (another page, another sort): the current ones are dimmed. */
  busy?: boolean;
}

function SortHeader({
  label,
  active,
  direction,
  onClick,
}: {
  label: ReactNode;
  active: boolean;
  direction: SortDirection;
  onClick: () => void;
}) {
  const Icon = !active ? IconSelector : direction === 'asc' ? IconChevronUp : IconChevronDown;
  return (
    <UnstyledButton className={classes.sort} onClick={onClick} data-active={active || undefined}>
      <span>{label}</span>
      <Icon size={14} aria-hidden className={classes.sortIcon} />
    </UnstyledButton>
  );
}

/** A list table with loading, error and empty states, optional sortable headers; it scrolls sideways on narrow screens. */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  firstNumber = 1,
  minWidth = 640,
  label,
  sort,
  onSort,
  renderExpanded,
  busy,
}: DataTableProps<T>) {
  const { t } = useTranslation();

  if (loading) {
    return (
      <Center py="xl" aria-busy="true">
        <Loader />
      </Center>
    );
  }
  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
        <Text fz="sm" mb={onRetry ? 'xs' : 0}>
          {t('common.loadFailed')}
        </Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        )}
      </Alert>
    );
  }

  const cells = (row: T, number: number) => {
    const out: ReactNode[] = [];
    for (let i = 0; i < columns.length; i++) {
      const column = columns[i]!;
      const span = Math.max(1, Math.min(column.span?.(row) ?? 1, columns.length - i));
      out.push(
        <Table.Td
          key={column.key}
          colSpan={span > 1 ? span : undefined}
          className={column.noWrap ? classes.noWrap : ''}
        >
          {column.render(row, number)}
        </Table.Td>,
      );
      i += span - 1;
    }
    return out;
  };

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table
        // Rows opened under others would upset the odd/even stripes.
        striped={!renderExpanded}
        highlightOnHover
        verticalSpacing="sm"
        withTableBorder
        aria-label={label}
        aria-busy={busy || undefined}
        className={busy ? classes.busy : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const sortable = column.sortKey !== undefined && onSort !== undefined;
              const active = sortable && sort?.key === column.sortKey;
              return (
                <Table.Th
                  key={column.key}
                  w={column.width}
                  scope="col"
                  aria-sort={active ? (sort?.direction === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {sortable ? (
                    <SortHeader
                      label={column.header}
                      active={active}
                      direction={sort?.direction ?? 'asc'}
                      onClick={() => onSort(column.sortKey!)}
                    />
                  ) : (
                    column.header
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.length ? (
            rows.map((row, index) => {
              const expanded = renderExpanded?.(row);
              return (
                <Fragment key={rowKey(row)}>
                  <Table.Tr>{cells(row, firstNumber + index)}</Table.Tr>
                  {expanded ? (
                    <Table.Tr className={classes.expanded}>
                      <Table.Td colSpan={columns.length}>{expanded}</Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })
          ) : (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  {t('common.noRecords')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
