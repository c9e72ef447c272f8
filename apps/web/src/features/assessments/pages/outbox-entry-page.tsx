import { Alert, Anchor, Center, List, Loader, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useSession } from '../../../lib/auth-storage';
import { describeError, translateMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { apiErrorOf, getOutboxEntry, type OutboxEntry, type StoredError } from '../../../lib/offline/outbox';
import { useSubmitOrQueue } from '../api/outbox';
import { AssessmentForm } from '../components/assessment-form';
import { type AssessmentFormValues, sanitizeValues } from '../components/assessment-values';

/** The server's refusal, in the user's language: the message and each field's errors. */
function RefusalNotice({ error }: { error: StoredError }) {
  const { t, i18n } = useTranslation();
  const fields = Object.entries(Object.keys(error.errorKeys).length ? error.errorKeys : error.errors).filter(
    ([field]) => field !== '_form',
  );
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} mb="md" role="alert">
      <Text fz="sm" fw={700}>
        {t('offline.outbox.refused')}
      </Text>
      <Text fz="sm">{describeError(i18n, apiErrorOf(error))}</Text>
      {fields.length > 0 && (
        <List fz="sm" mt={4}>
          {fields.map(([field, texts]) => (
            <List.Item key={field}>
              {i18n.exists(`tna.fields.${field}`) ? t(`tna.fields.${field}`) : field}:{' '}
              {texts.map((text) => translateMessage(i18n, text)).join(' ')}
            </List.Item>
          ))}
        </List>
      )}
    </Alert>
  );
}

/**
 * One form of the outbox, opened for reading or correcting. Submitting sends it at once with the same
 * idempotency key, or keeps it (corrected) in the outbox while the server cannot be reached.
 */
export function OutboxEntryPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const email = useSession().email ?? 'anonymous';
  const navigate = useNavigate();
  const submitOrQueue = useSubmitOrQueue(email);
  const [entry, setEntry] = useState<OutboxEntry | null | undefined>(undefined);
  const latest = useRef<AssessmentFormValues | null>(null);
  const queued = useRef(false);

  useEffect(() => {
    let alive = true;
    void getOutboxEntry(email, id)
      .catch(() => undefined)
      .then((found) => {
        if (!alive) return;
        latest.current = found ? sanitizeValues(found.values) : null;
        setEntry(found ?? null);
      });
    return () => {
      alive = false;
    };
  }, [email, id]);

  const title = t('offline.outbox.entryTitle');
  if (entry === undefined)
    return (
      <Center py="xl" aria-busy="true">
        <Loader />
      </Center>
    );
  if (entry === null || !latest.current)
    return (
      <>
        <PageHeader title={title} />
        <Alert color="yellow">
          {t('offline.outbox.notFound')}{' '}
          <Anchor component={Link} to="/tna/outbox">
            {t('offline.outbox.title')}
          </Anchor>
        </Alert>
      </>
    );

  return (
    <>
      <PageHeader title={title} />
      {entry.state === 'rejected' && entry.error && <RefusalNotice error={entry.error} />}
      <AssessmentForm
        initialValues={latest.current}
        save={async (submission) => {
          const values = latest.current ?? sanitizeValues(entry.values);
          queued.current = (await submitOrQueue(submission, values, entry.id)) === 'queued';
        }}
        onSaved={() => {
          if (queued.current) {
            notify('info', t('offline.outbox.savedOnDevice'));
            navigate('/tna/outbox');
          } else {
            notify('success', t('toast.registrationSucceeded'));
            navigate('/tna/my-forms');
          }
        }}
        failureText={t('toast.registrationFailed')}
        onValuesChange={(values) => {
          latest.current = values;
        }}
      />
    </>
  );
}
