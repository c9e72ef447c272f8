import { Button, Group, Modal, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ARCHIVE_REASONS, type ArchiveReason, oneOf, requiredText } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { translatedErrors, zodValidator } from '../../../lib/form';
import { useTabState } from '../../../lib/tab-state';

/** The reason (Duplicate or Wrong Entry) and the officer's note: both required (SPEC 4). */
const archiveSchema = z.object({ reason: oneOf(ARCHIVE_REASONS), note: requiredText(1900) });
const validate = zodValidator(archiveSchema);

interface ArchiveValues {
  reason: string;
  note: string;
}

/** The remark of the history entry: `Duplicate: <note>` or `Wrong Entry: <note>`. */
export function archiveRemarks(reason: ArchiveReason, note: string): string {
  return `${reason}: ${note.trim()}`;
}

const REASON_KEYS: Record<ArchiveReason, string> = { Duplicate: 'duplicate', 'Wrong Entry': 'wrongEntry' };

export const ARCHIVE_REASON_KEYS: readonly string[] = ARCHIVE_REASONS.map(
  (r) => `tna.archive.reasons.${REASON_KEYS[r]}`,
);

interface ArchiveModalProps {
  /** The name of the form being archived, or null when the modal is closed. */
  subject: string | null;
  /**
   * Where the reason and note are kept while typed (lib/tab-state.ts), one key per user and form: a
   * reload, or an Archive that failed on a bad link, leaves them for the next opening for that form.
   * The page forgets them once the form is archived (forgetTabState).
   */
  keptAs: string;
  saving: boolean;
  onConfirm: (remarks: string) => void;
  onCancel: () => void;
}

/** After the confirm of SPEC 5: why the form is archived, and the officer's note. */
export function ArchiveModal({ subject, keptAs, saving, onConfirm, onCancel }: ArchiveModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={subject !== null}
      onClose={onCancel}
      title={t('tna.archive.title')}
      centered
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {/* The modal's content is mounted afresh each time it opens: the form starts with what was kept
          for this form, or empty. */}
      <ArchiveForm subject={subject ?? ''} keptAs={keptAs} saving={saving} onConfirm={onConfirm} onCancel={onCancel} />
    </Modal>
  );
}

function ArchiveForm({
  subject,
  keptAs,
  saving,
  onConfirm,
  onCancel,
}: Omit<ArchiveModalProps, 'subject'> & { subject: string }) {
  const { t, i18n } = useTranslation();
  const [kept, keep] = useTabState<ArchiveValues>(keptAs, { reason: '', note: '' });
  const form = useForm<ArchiveValues>({
    initialValues: kept,
    onValuesChange: keep,
    validate,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((values) => onConfirm(archiveRemarks(values.reason as ArchiveReason, values.note)))}
    >
      <Stack gap="md">
        <Text fz="sm" fw={600}>
          <bdi>{subject}</bdi>
        </Text>
        <Radio.Group label={t('tna.archive.reason')} required {...form.getInputProps('reason')}>
          <Group gap="lg" mt={6}>
            {ARCHIVE_REASONS.map((reason, index) => (
              <Radio
                key={reason}
                value={reason}
                label={t(`tna.archive.reasons.${REASON_KEYS[reason]}`)}
                data-autofocus={index === 0 || undefined}
              />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={t('tna.archive.note')}
          description={t('tna.archive.noteHint')}
          required
          autosize
          minRows={3}
          dir="auto"
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" color="red" loading={saving} disabled={!form.isValid()}>
            {t('tna.archive.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
