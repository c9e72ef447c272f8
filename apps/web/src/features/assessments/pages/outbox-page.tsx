import { Alert, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCloudUpload, IconEdit, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useConfirm } from '../../../components/use-confirm';
import { useSession } from '../../../lib/auth-storage';
import { describeError } from '../../../lib/form';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useConnectivity } from '../../../lib/offline/connectivity';
import { apiErrorOf, drainOutbox, type OutboxEntry, removeOutboxEntry, useOutbox } from '../../../lib/offline/outbox';
import { sendOutboxEntry } from '../api/outbox';

function nameOf(entry: OutboxEntry): string {
  const data = entry.data as { name?: string; lastname?: string; fathername?: string };
  return [data.name, data.lastname].filter(Boolean).join(' ') || '—';
}

/**
 * The outbox: the forms this user submitted on this device that the server has not received yet,
 * oldest first. Each can be opened (and corrected when the server refused it) or deleted; they send
 * themselves when the server can be reached, and "Send now" tries at once.
 */
export function OutboxPage() {
  const { t, i18n } = useTranslation();
  const email = useSession().email ?? 'anonymous';
  const { entries, loaded } = useOutbox(email);
  const { online, reachable } = useConnectivity();
  const confirm = useConfirm();
  const [sending, setSending] = useState(false);
  const language = currentLanguage();

  const sendNow = async () => {
    setSending(true);
    try {
      const result = await drainOutbox(email, sendOutboxEntry);
      if (result.sent) notify('success', t('offline.outbox.sent', { count: result.sent }));
      if (result.waiting) notify('warning', t('offline.outbox.stillWaiting'));
    } finally {
      setSending(false);
    }
  };

  const remove = async (entry: OutboxEntry) => {
    if (!(await confirm('offline.outbox.confirmDelete', { danger: true }))) return;
    await removeOutboxEntry(email, entry.id);
    notify('success', t('toast.deleteSucceeded'));
  };

  return (
    <>
      <PageHeader
        title={t('offline.outbox.title')}
        actions={
          entries.some((e) => e.state === 'waiting') && (
            <Button
              leftSection={<IconCloudUpload size={16} aria-hidden />}
              onClick={() => void sendNow()}
              loading={sending}
              disabled={!online}
            >
              {t('offline.outbox.sendNow')}
            </Button>
          )
        }
      />
      <Text c="dimmed" fz="sm" mb="md">
        {t('offline.outbox.explain')}
      </Text>
      {!loaded ? (
        <Loader />
      ) : entries.length === 0 ? (
        <Alert color="green" variant="light">
          {t('offline.outbox.empty')}
        </Alert>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('offline.outbox.title')}>
          {entries.map((entry) => (
            <Card key={entry.id} withBorder radius="md" padding="sm" component="li" data-testid="outbox-entry">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
                <Stack gap={2} miw={0}>
                  <Text fw={700} dir="auto">
                    {nameOf(entry)}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    {t('tna.fields.form_no')}:{' '}
                    <span dir="ltr">{String((entry.data as { form_no?: string }).form_no ?? '')}</span>
                    {' · '}
                    {t('offline.outbox.savedAt', { when: formatDateTime(entry.updatedAt, language) })}
                  </Text>
                </Stack>
                {entry.state === 'rejected' ? (
                  <Badge color="red">{t('offline.outbox.needsCorrection')}</Badge>
                ) : (
                  <Badge color="blue">
                    {online && reachable ? t('offline.outbox.sending') : t('offline.outbox.waiting')}
                  </Badge>
                )}
              </Group>
              {entry.state === 'rejected' && entry.error && (
                <Text fz="sm" c="red" mt={4}>
                  {describeError(i18n, apiErrorOf(entry.error))}
                </Text>
              )}
              <Group gap="xs" mt="sm">
                <Button
                  component={Link}
                  to={`/tna/outbox/${entry.id}`}
                  size="compact-sm"
                  variant="light"
                  leftSection={<IconEdit size={14} aria-hidden />}
                >
                  {entry.state === 'rejected' ? t('offline.outbox.correct') : t('offline.outbox.open')}
                </Button>
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() => void remove(entry)}
                >
                  {t('common.delete')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}
