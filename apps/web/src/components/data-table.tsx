import { ActionIcon, Group, NativeSelect, Table, UnstyledButton } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronUp,
  IconSelector,
  IconSortAscending,
  IconSortDescending,
} from '@tabler/icons-react';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/digits';
import { currentLanguage } from '../lib/i18n';
import { useMediaMatch } from '../lib/media-query';
import classes from './data-table.module.css';
import { EmptyState, ListSkeleton, LoadError } from './load-states';
import type { QueryLike } from './query-view';

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
  /**
   * Its place on a phone, where rows become cards: 'title' heads the card, 'actions' sits at its foot,
   * 'hidden' is left out, 'field' is a labelled line. By default the row number is hidden, a column
   * keyed 'action'/'actions' holds the actions and the first other column is the title.
   */
  card?: CardRole;
}

/** A query's answer as a list's rows and its states: grey bars while loading, the error with Try again. */
export function queryRows<T>(query: QueryLike<readonly T[]>) {
  return {
    rows: query.data,
    loading: query.isPending,
    error: query.isError,
    onRetry: () => void query.refetch(),
  };
}

/** Below this width lists are cards (Mantine's `sm` breakpoint). */
export const PHONE_QUERY = '(max-width: 47.99em)';

export type CardRole = 'title' | 'actions' | 'hidden' | 'field';

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
  /** What an empty list says; 'No records found' by default. */
  emptyText?: string;
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

/** Where a column goes on a phone card (see `Column.card`). */
export function cardRoles<T>(columns: readonly Column<T>[]): CardRole[] {
  let titled = columns.some((column) => column.card === 'title');
  return columns.map((column) => {
    if (column.card) return column.card;
    if (column.key === 'index') return 'hidden';
    if (column.key === 'action' || column.key === 'actions') return 'actions';
    if (!titled) {
      titled = true;
      return 'title';
    }
    return 'field';
  });
}

/**
 * About how tall a card's content is at 375 px (padding and border come on top): the room it takes
 * below the screen until drawn (`.card` in the CSS), so that the scroll bar does not jump. Measured,
 * whole cards: a title and a field 82-107 px, three fields and actions 189-211, five and more 244-269. */
function cardEstimate(roles: readonly CardRole[]): number {
  const fields = roles.filter((role) => role === 'field').length;
  return 38 + 28 * fields + (roles.includes('actions') ? 48 : 0);
}

/**
 * A cell's content as shown: a number a column gives (a row number, a count) in the active
 * language's digits (lib/digits.ts), text and elements as they are.
 */
function shown(content: ReactNode): ReactNode {
  return typeof content === 'number' ? formatNumber(content, currentLanguage()) : content;
}

/** Cards have no headers to click: the sortable columns are offered in a select, with a direction toggle. */
function CardSort<T>({
  columns,
  sort,
  onSort,
}: {
  columns: readonly Column<T>[];
  sort: SortState | undefined;
  onSort: (key: string) => void;
}) {
  const { t } = useTranslation();
  const options = columns.flatMap((column) =>
    column.sortKey && typeof column.header === 'string' ? [{ value: column.sortKey, label: column.header }] : [],
  );
  if (!options.length) return null;
  const ascending = sort?.direction !== 'desc';
  return (
    <Group gap="xs" mb="sm" align="flex-end" wrap="nowrap">
      <NativeSelect
        label={t('common.sortBy')}
        size="sm"
        data={sort ? options : [{ value: '', label: '—' }, ...options]}
        value={sort?.key ?? ''}
        onChange={(event) => event.currentTarget.value && onSort(event.currentTarget.value)}
        className={classes.sortSelect}
      />
      {sort ? (
        <ActionIcon
          variant="default"
          size="input-sm"
          onClick={() => onSort(sort.key)}
          aria-label={ascending ? t('common.sortAscending') : t('common.sortDescending')}
          aria-pressed={!ascending}
        >
          {ascending ? <IconSortAscending size={18} aria-hidden /> : <IconSortDescending size={18} aria-hidden />}
        </ActionIcon>
      ) : null}
    </Group>
  );
}

/** The phone layout: one card a row, every column visible without sideways scrolling. */
function RowCards<T>({
  columns,
  rows,
  rowKey,
  firstNumber,
  label,
  renderExpanded,
  busy,
  emptyText,
  sort,
  onSort,
}: DataTableProps<T> & { firstNumber: number }) {
  if (!rows?.length) return <EmptyState text={emptyText} />;
  const roles = cardRoles(columns);
  return (
    <>
      {onSort ? <CardSort columns={columns} sort={sort} onSort={onSort} /> : null}
      <ul
        className={classes.cards}
        data-rows
        aria-label={label}
        aria-busy={busy || undefined}
        data-busy={busy || undefined}
        style={{ '--card-estimate': `${cardEstimate(roles)}px` } as CSSProperties}
      >
        {rows.map((row, index) => {
          const number = firstNumber + index;
          const title: ReactNode[] = [];
          const fields: ReactNode[] = [];
          const actions: ReactNode[] = [];
          for (let i = 0; i < columns.length; i++) {
            const column = columns[i]!;
            const span = Math.max(1, Math.min(column.span?.(row) ?? 1, columns.length - i));
            const role = roles[i];
            const content = shown(column.render(row, number));
            if (role === 'title') title.push(<Fragment key={column.key}>{content}</Fragment>);
            else if (role === 'actions') actions.push(<Fragment key={column.key}>{content}</Fragment>);
            else if (role === 'field') {
              fields.push(
                <div key={column.key} className={classes.field}>
                  <dt>{column.header}</dt>
                  <dd>{content}</dd>
                </div>,
              );
            }
            i += span - 1;
          }
          const expanded = renderExpanded?.(row);
          return (
            <li key={rowKey(row)} className={classes.card}>
              {title.length ? <div className={classes.cardTitle}>{title}</div> : null}
              {fields.length ? <dl className={classes.fields}>{fields}</dl> : null}
              {actions.length ? <div className={classes.cardActions}>{actions}</div> : null}
              {expanded ? <div className={classes.cardExpanded}>{expanded}</div> : null}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/**
 * A list with loading, error and empty states and optional sortable headers. At desktop widths a table;
 * on a phone each row is a card, so names, statuses and actions stay in view without sideways scrolling.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const {
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
    emptyText,
  } = props;
  // Read before the first paint, so a phone never draws the wide table first.
  const phone = useMediaMatch(PHONE_QUERY);

  if (loading) return <ListSkeleton />;
  if (error) return <LoadError onRetry={onRetry} />;
  if (phone) return <RowCards {...props} firstNumber={firstNumber} />;

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
          {shown(column.render(row, number))}
        </Table.Td>,
      );
      i += span - 1;
    }
    return out;
  };

  return (
    // A keyboard user scrolls a wide table too: the container takes focus and has a name.
    <Table.ScrollContainer minWidth={minWidth} type="native" tabIndex={0} aria-label={label} role="region">
      <Table
        // Rows opened under others would upset the odd/even stripes.
        striped={!renderExpanded}
        highlightOnHover
        verticalSpacing="sm"
        withTableBorder
        aria-label={label}
        aria-busy={busy || undefined}
        className={busy ? classes.busy : undefined}
        data-rows
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
                <EmptyState text={emptyText} />
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
