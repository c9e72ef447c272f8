import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import type { AssessmentRowDto, DuplicateMatchDto, RestrictedDuplicateDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { localDigits } from '../../../lib/digits';
import { currentLanguage } from '../../../lib/i18n';
import { unitName } from '../../../lib/localized';
import { StatusBadge } from './status-badge';

interface DuplicatesModalProps {
  /** The possible duplicates found, or null when the modal is closed. */
  matches: readonly DuplicateMatchDto[] | null;
  onContinue: () => void;
  onStop: () => void;
}

/**
 * Before a submit: forms already entered for what looks like the same person (same tazkira, or same
 * name, father name and birth year in the same facility). Each opens in a new tab, so the form being
 * typed stays as it is; the officer then submits anyway or stops. A form the officer may not open is
 * shown only by where it was entered, so they know whom to ask.
 */
export function DuplicatesModal({ matches, onContinue, onStop }: DuplicatesModalProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const rows = (matches ?? []).filter((m): m is AssessmentRowDto => !m.restricted);
  const elsewhere = (matches ?? []).filter((m): m is RestrictedDuplicateDto => m.restricted === true);
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
      {elsewhere.length ? (
        <Stack gap="xs" mb={rows.length ? 'sm' : 0}>
          {elsewhere.map((row, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: such a match has no id, and the list does not change
            <Alert key={index} color="orange" variant="light" p="xs">
              <Text fz="sm">
                {t('tna.duplicates.restricted', {
                  facility: row.hospital_name,
                  district: unitName(row.temp_district, language),
                  province: unitName(row.temp_province, language),
                })}
              </Text>
            </Alert>
          ))}
        </Stack>
      ) : null}
      {rows.length ? (
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
              {rows.map((row) => (
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
                  <Table.Td>{localDigits(String(row.birth_year), language)}</Table.Td>
                  <Table.Td>{row.hospital_name}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={row.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
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
