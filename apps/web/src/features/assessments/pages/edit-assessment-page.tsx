import { Alert, Anchor, Center, Loader, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type AssessmentDto, LOCKED_STATUSES, type PriorityDto } from '@tna/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadError, Pending } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { ApiError, isRefusal } from '../../../lib/api-error';
import { useSession } from '../../../lib/auth-storage';
import { describeError } from '../../../lib/form';
import { statusLabel } from '../../../lib/labels';
import { notify } from '../../../lib/notify';
import { assessmentQueryOptions } from '../api/get-assessment';
import { prioritiesQueryOptions } from '../api/get-priorities';
import { assessmentKeys } from '../api/keys';
import { useUpdateAssessment } from '../api/update-assessment';
import { AssessmentForm } from '../components/assessment-form';
import { type AssessmentFormValues, valuesFromDto } from '../components/assessment-values';
import { conflictOf, conflictText } from '../components/conflicts';
import { clearDraft, type Draft, readDraft, sameValues, useDraftAutosave } from '../components/draft';
import { DraftNotice } from '../components/draft-notice';
import { StaleNotice } from '../components/stale-notice';

interface Loaded {
  assessment: AssessmentDto;
  priorities: PriorityDto[];
}

/** A correction restored from this browser's draft: its values and the version it started from. */
interface Restored {
  values: AssessmentFormValues;
  version: number;
}

/**
 * SPEC 2 Edit Assessment: the New Assessment form filled with the saved record. The record is read
 * once and kept while the officer edits (a background refresh must not wipe their changes); the
 * update names the version it started from, and a newer one on the server is explained with Reload.
 * Changes are kept in this browser as they are typed (a dropped link, a reload or a closed tab loses
 * nothing) and offered back when the form is opened again.
 */
export function EditAssessmentPage() {
  const { t, i18n } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const email = useSession().email ?? 'anonymous';
  const update = useUpdateAssessment();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [offer, setOffer] = useState<Draft | null>(null);
  const [restored, setRestored] = useState<Restored | null>(null);
  // What the form on screen holds, for telling a lost answer from someone else's save.
  const latest = useRef<AssessmentFormValues | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [generation, setGeneration] = useState(0);

  /** Always from the server: an edit must start from the version saved now. */
  const load = async () => {
    const [assessment, priorities] = await Promise.all([
      queryClient.fetchQuery({ ...assessmentQueryOptions(id), staleTime: 0 }),
      queryClient.fetchQuery({ ...prioritiesQueryOptions(id), staleTime: 0 }),
    ]);
    setLoaded({ assessment, priorities });
    setRestored(null);
    latest.current = null;
    setGeneration((g) => g + 1);
    return assessment;
  };

  const start = () => {
    setLoaded(null);
    setLoadError(null);
    load()
      .then((assessment) => {
        // A form approved or archived since cannot take the changes: they are dropped, not offered.
        if ((LOCKED_STATUSES as readonly string[]).includes(assessment.status)) clearDraft(email, id);
        else setOffer(readDraft(email, id));
      })
      .catch(setLoadError);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per assessment id
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setLoadError(new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Not found' }));
      return;
    }
    start();
  }, [id]);

  const reload = async () => {
    setReloading(true);
    try {
      await load();
      // Reload replaces what was typed (the stale notice says so): its draft goes too.
      clearDraft(email, id);
      setOffer(null);
      setStale(false);
    } catch (error) {
      notify('error', describeError(i18n, error));
    } finally {
      setReloading(false);
    }
  };

  // The values as saved, which a draft is compared with (a correction undone keeps no draft).
  const saved = useMemo(() => (loaded ? valuesFromDto(loaded.assessment, loaded.priorities) : null), [loaded]);
  const locked = loaded !== null && (LOCKED_STATUSES as readonly string[]).includes(loaded.assessment.status);
  // The version the form on screen started from: the one read, or a restored draft's.
  const version = restored?.version ?? loaded?.assessment.version ?? 0;
  const autosave = useDraftAutosave(
    email,
    '',
    loaded !== null && !locked && offer === null,
    saved ? { id, version, saved } : undefined,
  );

  const restore = () => {
    if (!offer || !loaded) return;
    setRestored({ values: offer.values, version: offer.version ?? loaded.assessment.version });
    latest.current = null;
    setGeneration((g) => g + 1);
    setOffer(null);
  };

  const discard = () => {
    clearDraft(email, id);
    setOffer(null);
  };

  const goBack = () => {
    // Back where the officer came from (My Assessments, the details); a link opened directly has no past.
    if (location.key !== 'default') navigate(-1);
    else navigate('/tna/my-forms', { replace: true });
  };

  const saveDone = () => {
    autosave.cancel();
    clearDraft(email, id);
    notify('success', t('toast.updateSucceeded'));
    goBack();
  };

  /**
   * Whether the version saved now holds exactly what this form sends: an earlier Update of the same
   * changes reached the server but its answer was lost (a dropped link), so sending again found its
   * own save, not someone else's.
   */
  const savedAlready = async () => {
    try {
      const [assessment, priorities] = await Promise.all([
        queryClient.fetchQuery({ ...assessmentQueryOptions(id), staleTime: 0 }),
        queryClient.fetchQuery({ ...prioritiesQueryOptions(id), staleTime: 0 }),
      ]);
      const sent = latest.current ?? restored?.values ?? saved;
      return sent !== null && sameValues(valuesFromDto(assessment, priorities), sent);
    } catch {
      return false;
    }
  };

  const onError = (error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 409) return false;
    const conflict = conflictOf(error);
    void (async () => {
      if (conflict === 'staleVersion' && (await savedAlready())) {
        // The Update's own answer, which would have refreshed the lists, was lost.
        void queryClient.invalidateQueries({ queryKey: assessmentKeys.all });
        return saveDone();
      }
      notify('error', conflictText(t, i18n, error), t('toast.updateFailed'));
      if (conflict === 'staleVersion') setStale(true);
      else void reload();
    })();
    return true;
  };

  const title = t('pages.titles.edit');
  if (loadError) {
    return (
      <>
        <PageHeader title={title} />
        {/* A form that is not there stays so; anything else (the network, the server) may pass. */}
        <LoadError text={describeError(i18n, loadError)} onRetry={isRefusal(loadError) ? undefined : start} />
      </>
    );
  }
  if (!loaded) {
    return (
      <>
        <PageHeader title={title} />
        <Pending>
          <Center py="xl" aria-busy="true">
            <Loader />
          </Center>
        </Pending>
      </>
    );
  }

  const { assessment } = loaded;

  return (
    <>
      <PageHeader title={title} />
      {locked ? (
        <Alert color="gray" variant="light" icon={<IconLock aria-hidden />} role="alert">
          <Text fz="sm" mb="xs">
            {t('tna.edit.locked', { status: statusLabel(t, assessment.status) })}
          </Text>
          <Anchor component={Link} to={`/tna/details/${assessment.id}`} fz="sm">
            {t('tna.edit.openDetails')}
          </Anchor>
        </Alert>
      ) : offer ? (
        // The officer decides about the kept changes first, so nothing typed meanwhile can be lost.
        <DraftNotice draft={offer} editing onRestore={restore} onDiscard={discard} />
      ) : (
        <AssessmentForm
          key={`${assessment.id}:${generation}`}
          initialValues={restored?.values ?? saved ?? valuesFromDto(assessment, loaded.priorities)}
          assessmentId={assessment.id}
          save={(submission) => update.mutateAsync({ ...submission, id: assessment.id, version })}
          onSaved={saveDone}
          onValuesChange={(values) => {
            latest.current = values;
            autosave.schedule(values);
          }}
          onError={onError}
          failureText={t('toast.updateFailed')}
          notice={stale ? <StaleNotice reloading={reloading} onReload={() => void reload()} /> : null}
        />
      )}
    </>
  );
}
