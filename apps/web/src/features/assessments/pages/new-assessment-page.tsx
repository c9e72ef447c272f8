import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { referenceKeys } from '../../../lib/api/reference-keys';
import { ApiError } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth-storage';
import { notify } from '../../../lib/notify';
import { useSubmitOrQueue } from '../api/outbox';
import { AssessmentForm } from '../components/assessment-form';
import { type AssessmentFormValues, emptyValues } from '../components/assessment-values';
import { conflictText } from '../components/conflicts';
import { clearDraft, type Draft, newIdempotencyKey, readDraft, useDraftAutosave } from '../components/draft';
import { DraftNotice } from '../components/draft-notice';

interface FormState {
  /** Changing it starts the form again from `values`. */
  key: number;
  values: AssessmentFormValues;
  /** Sent with every submit of this draft; a new one after a success. */
  idempotencyKey: string;
}

const freshForm = (key: number): FormState => ({ key, values: emptyValues(), idempotencyKey: newIdempotencyKey() });

/**
 * SPEC 2 New Assessment. What is typed is kept as a draft in this browser; a draft left from before
 * is offered back. On success: 'Registration succeeded', the form and the priorities clear, the
 * lookups reload, and the draft is gone.
 */
export function NewAssessmentPage() {
  const { t, i18n } = useTranslation();
  const email = useSession().email ?? 'anonymous';
  const queryClient = useQueryClient();
  const submitOrQueue = useSubmitOrQueue(email);
  // What the form shows, kept for the outbox (which can reopen it); the submission alone cannot.
  const latest = useRef<AssessmentFormValues>(emptyValues());
  const queued = useRef(false);
  const [offer, setOffer] = useState<Draft | null>(() => readDraft(email));
  const [state, setState] = useState<FormState>(() => freshForm(0));
  const autosave = useDraftAutosave(email, state.idempotencyKey, offer === null);

  const restore = () => {
    if (!offer) return;
    latest.current = offer.values;
    setState((s) => ({ key: s.key + 1, values: offer.values, idempotencyKey: offer.idempotencyKey }));
    setOffer(null);
  };

  const discard = () => {
    clearDraft(email);
    setOffer(null);
  };

  const onSaved = () => {
    autosave.cancel();
    clearDraft(email);
    // Kept in the outbox when the server could not be reached: it sends itself later.
    if (queued.current) notify('info', t('offline.outbox.savedOnDevice'));
    else notify('success', t('toast.registrationSucceeded'));
    setState((s) => freshForm(s.key + 1));
    // SPEC 4: the lookups reload for the next form.
    for (const key of [referenceKeys.provinces, referenceKeys.departments, referenceKeys.positions]) {
      void queryClient.invalidateQueries({ queryKey: key });
    }
    void queryClient.invalidateQueries({ queryKey: ['hospitals'] });
    void queryClient.invalidateQueries({ queryKey: ['trainings'] });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };

  return (
    <>
      <PageHeader title={t('pages.titles.create')} />
      {offer ? (
        // The officer decides about the kept form first, so nothing typed meanwhile can be lost.
        <DraftNotice draft={offer} onRestore={restore} onDiscard={discard} />
      ) : (
        <AssessmentForm
          key={state.key}
          initialValues={state.values}
          save={async (submission) => {
            queued.current = (await submitOrQueue(submission, latest.current, state.idempotencyKey)) === 'queued';
          }}
          onSaved={onSaved}
          failureText={t('toast.registrationFailed')}
          onError={(error) => {
            if (!(error instanceof ApiError) || error.status !== 409) return false;
            notify('error', conflictText(t, i18n, error), t('toast.registrationFailed'));
            return true;
          }}
          onValuesChange={(values) => {
            latest.current = values;
            autosave.schedule(values);
          }}
        />
      )}
    </>
  );
}
