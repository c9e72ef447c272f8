import { Button, Group, Paper, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './assessment-form.module.css';

interface SubmitBarProps {
  /** Every rule passes and a priority line exists (SPEC 5): Submit is enabled. */
  valid: boolean;
  busy: boolean;
  /** Validate the whole form and take the officer to the first missing field. */
  onShowMissing: () => void;
}

/** The form's footer: what is missing, and Submit. */
export function SubmitBar({ valid, busy, onShowMissing }: SubmitBarProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" className={classes.submitBar}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fz="sm" c={valid ? 'dimmed' : undefined} aria-live="polite">
          {valid ? t('tna.form.readyHint') : t('tna.form.incompleteHint')}
        </Text>
        <Group gap="sm">
          {!valid && (
            <Button type="button" variant="subtle" onClick={onShowMissing}>
              {t('tna.form.showMissing')}
            </Button>
          )}
          <Button
            type="submit"
            loading={busy}
            disabled={!valid || busy}
            leftSection={<IconDeviceFloppy size={18} aria-hidden />}
          >
            {t('common.submit')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
