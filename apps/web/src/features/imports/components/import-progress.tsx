import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportProgress as Progressed } from '../api/run-import';
import { formatCount } from './format-count';

/** The file going up, then its rows being read: one bar, a label that says which. */
export function ImportProgress({ progress }: { progress: Progressed }) {
  const { t, i18n } = useTranslation();
  const percent = Math.round(progress.fraction * 100);
  const label =
    progress.phase === 'upload'
      ? t('imports.page.uploading', { percent: formatCount(percent, i18n.resolvedLanguage) })
      : t('imports.page.reading', {
          rows: formatCount(progress.rows, i18n.resolvedLanguage),
          percent: formatCount(percent, i18n.resolvedLanguage),
        });
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Text fz="sm">{label}</Text>
      <Progress
        value={percent}
        animated
        size="lg"
        aria-label={label}
        color={progress.phase === 'upload' ? 'blue' : 'teal'}
      />
    </Stack>
  );
}
