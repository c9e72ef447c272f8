import { Anchor, Button, Group, Modal, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { AssessmentRowDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from './status-badge';

interface DuplicatesModalProps {
  /** The possible duplicates found, or null when the modal is closed. */
  matches: readonly AssessmentRowDto[] | null;
  onContinue: () => void;
  onStop: () => void;
}

/**
 * Before a submit: forms already entered for what looks like the same person (same tazkira, or same
 * name, father name and birth year in the same facility). Each opens in a new tab, so the form being
 * typed stays as it is; the officer then submits anyway or stops.
 */
export function DuplicatesModal({ matches, onContinue, onStop }: DuplicatesModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={matches !== null}
      onClose={onStop}
      title={t('tna.duplicates.title')}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Text fz="sm" mb="sm">
        {t('tna.duplicates.intro', { count: matches?.length ?? 0 })}
      </Text>
      <Table.ScrollContainer minWidth={560} type="native">
        <Table withTableBorder striped verticalSpacing="xs" aria-label={t('tna.duplicates.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tna.fields.name')}</Table.Th>
              <Table.Th scope="col">{t('tna.fields.fathername')}</Table.Th>
              <Table.Th scope="col">{t('tna.fields.birth_year')}</Table.Th>
              <Table.Th scope="col">{t('tna.fields.hospital')}</Table.Th>
              <Table.Th scope="col">{t('tna.fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(matches ?? []).map((row) => (
              <Table.Tr key={row.id}>
                <Table.Td>
                  <Anchor href={`/tna/details/${row.id}`} target="_blank" rel="noopener" fz="sm" dir="auto">
                    {`${row.name} ${row.lastname}`}
                    <IconExternalLink
                      size={12}
                      aria-label={t('tna.duplicates.newTab')}
                      style={{ marginInlineStart: 4 }}
                    />
                  </Anchor>
                </Table.Td>
                <Table.Td dir="auto">{row.fathername}</Table.Td>
                <Table.Td>{row.birth_year}</Table.Td>
                <Table.Td>{row.hospital_name}</Table.Td>
                <Table.Td>
                  <StatusBadge status={row.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end" mt="md" gap="sm">
        <Button variant="default" onClick={onStop} data-autofocus>
          {t('tna.duplicates.stop')}
        </Button>
        <Button color="orange" onClick={onContinue}>
          {t('tna.duplicates.continue')}
        </Button>
      </Group>
    </Modal>
  );
}
