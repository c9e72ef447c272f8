import { Badge, Button, Group, Paper, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { IMPORT_OUTCOMES, type ImportOutcome } from '@tna/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportDone } from '../api/run-import';
import { formatCount } from './format-count';

const COLORS: Record<ImportOutcome, string> = {
  create: 'green',
  update: 'blue',
  unchanged: 'gray',
  locked: 'yellow',
  example: 'gray',
  error: 'red',
};

/** Problems shown on screen; all of them are in the report. */
const SHOWN = 200;

interface ImportResultProps {
  result: ImportDone;
  onDownload: () => void;
  downloading: boolean;
}

/** What a dry run found or an import did: counts by outcome, the problems row by row, the report. */
export function ImportResult({ result, onDownload, downloading }: ImportResultProps) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { summary, mode, errors } = result;
  const more = result.more_errors + Math.max(0, errors.length - SHOWN);
  const n = (value: number) => formatCount(value, i18n.resolvedLanguage);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md" id={titleId}>
            {t(mode === 'check' ? 'imports.page.checkedTitle' : 'imports.page.importedTitle', {
              rows: n(summary.rows),
            })}
          </Title>
          <Button
            variant="light"
            size="xs"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={onDownload}
            loading={downloading}
          >
            {t('imports.page.downloadReport')}
          </Button>
        </Group>
        <Group gap="xs" wrap="wrap" aria-label={t('imports.page.summary')}>
          {IMPORT_OUTCOMES.filter((o) => summary[o] > 0).map((o) => (
            <Badge key={o} color={COLORS[o]} variant="light" size="lg" radius="sm" tt="none">
              {t(`imports.outcomes.${mode}.${o}`)}: {n(summary[o])}
            </Badge>
          ))}
        </Group>
        {errors.length > 0 ? (
          <>
            <Text fw={600} fz="sm">
              {t('imports.page.problems')}
            </Text>
            <ScrollArea.Autosize mah={420} type="auto">
              <Table striped withTableBorder fz="sm" miw={520}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('imports.report.row')}</Table.Th>
                    <Table.Th>{t('imports.page.column')}</Table.Th>
                    <Table.Th>{t('imports.page.problem')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {errors.slice(0, SHOWN).map((e) => (
                    <Table.Tr key={`${e.row}-${e.field}-${e.message}`}>
                      <Table.Td>{n(e.row)}</Table.Td>
                      <Table.Td>{e.column}</Table.Td>
                      <Table.Td>{e.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
            {more > 0 ? (
              <Text fz="sm" c="dimmed">
                {t('imports.page.moreProblems', { count: n(more) })}
              </Text>
            ) : null}
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
