import { Alert, Button, Group, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { Draft } from './draft';

interface DraftNoticeProps {
  draft: Draft;
  /** A correction's unsaved changes, not a new form. */
  editing?: boolean;
  onRestore: () => void;
  onDiscard: () => void;
}

/**
 * A form left unsent in this browser, offered back when the officer returns to New Assessment, or
 * a correction left unsaved, when they open its Edit page again.
 */
export function DraftNotice({ draft, editing = false, onRestore, onDiscard }: DraftNoticeProps) {
  const { t } = useTranslation();
  const restoreButton = useRef<HTMLButtonElement>(null);
  // The choice comes first: the keyboard starts on Restore.
  useEffect(() => restoreButton.current?.focus(), []);
  const who = [draft.values.name, draft.values.lastname].filter(Boolean).join(' ');
  const title = t(editing ? 'tna.draft.editTitle' : 'tna.draft.title');
  return (
    <Alert
      variant="light"
      color="yellow"
      icon={<IconHistory aria-hidden />}
      title={title}
      role="region"
      aria-label={title}
    >
      <Text fz="sm" mb="sm">
        {t(editing ? 'tna.draft.editBody' : 'tna.draft.body', {
          when: formatDateTime(draft.savedAt, currentLanguage()),
          lines: draft.values.priorities.length,
        })}
        {who ? (
          <>
            {' '}
            <bdi>{t('tna.draft.forWhom', { name: who })}</bdi>
          </>
        ) : null}
      </Text>
      <Group gap="sm">
        <Button ref={restoreButton} size="xs" onClick={onRestore}>
          {t('tna.draft.restore')}
        </Button>
        <Button size="xs" variant="default" onClick={onDiscard}>
          {t('tna.draft.discard')}
        </Button>
      </Group>
    </Alert>
  );
}
