import { Alert, Button, Center, Loader, Table, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** `number` is the row number, continuing from the page's first row. */
  render: (row: T, number: number) => ReactNode;
  width?: number | string;
}

interface DataTableProps<T> {
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
}

/** A plain list table with loading, error and empty states; it scrolls sideways on narrow screens. */
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

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" withTableBorder aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} w={column.width} scope="col">
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows?.length ? (
            rows.map((row, index) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.key}>{column.render(row, firstNumber + index)}</Table.Td>
                ))}
              </Table.Tr>
            ))
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
