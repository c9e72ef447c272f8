import { Button } from '@mantine/core';
import { IconFilePlus } from '@tabler/icons-react';
import { type AssessmentRowDto, can } from '@tna/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useConfirm } from '../../../components/use-confirm';
import { useRoles } from '../../../lib/auth';
import { useSession } from '../../../lib/auth-storage';
import { useDeferredPage } from '../../../lib/deferred-query';
import { fullName } from '../../../lib/localized';
import { notify } from '../../../lib/notify';
import { forgetTabState } from '../../../lib/tab-state';
import { useMyForms } from '../api/get-my-forms';
import { useStatusMove } from '../api/status-move';
import { ArchiveModal } from '../components/archive-modal';
import { conflictText } from '../components/conflicts';
import { MyFormsTable } from '../components/my-forms-table';

/**
 * SPEC 2 My Assessments: the officer's forms still NEW (under review). Update opens the edit form;
 * Archive asks 'Are you sure to archive this TNA form?', then the reason and a note.
 */
export function MyAssessmentsPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const forms = useMyForms('NEW', page);
  const statusMove = useStatusMove();
  const confirm = useConfirm();
  const canCreate = can(useRoles(), 'tna.create');
  const [archiving, setArchiving] = useState<AssessmentRowDto | null>(null);
  // The reason and note of the form being archived are kept per user and form until it is archived.
  // Its id stays while the dialog closes, so that the closing dialog keeps writing under the same key.
  const email = useSession().email ?? 'anonymous';
  const [archiveId, setArchiveId] = useState<number | null>(null);
  const archiveKey = `tna-archive:${email}:${archiveId}`;

  // The table is memoised and gets the answer in a transition (lib/deferred-query.ts), so its props
  // stay the same objects while only the answer changes.
  const shown = useDeferredPage(forms);
  const { refetch } = forms;
  const retry = useCallback(() => void refetch(), [refetch]);
  const showPage = useCallback((next: number) => setParams(next > 1 ? { page: String(next) } : {}), [setParams]);
  const startArchive = useCallback(
    async (row: AssessmentRowDto) => {
      if (!(await confirm('confirm.archive', { danger: true }))) return;
      setArchiveId(row.id);
      setArchiving(row);
    },
    [confirm],
  );
  const askArchive = useCallback((row: AssessmentRowDto) => void startArchive(row), [startArchive]);

  const archive = async (remarks: string) => {
    if (!archiving) return;
    try {
      // Also done when an earlier send's answer was lost and this one met it (api/status-move.ts).
      await statusMove.move(archiving.id, 'ARCHIVED', remarks);
      notify('success', t('toast.archived'));
      forgetTabState(archiveKey);
      setArchiving(null);
      // The last form of a page gone: show the page before it.
      if (forms.data?.data.length === 1 && page > 1) setParams({ page: String(page - 1) });
    } catch (error) {
      notify('error', conflictText(t, i18n, error), t('toast.archiveFailed'));
    }
  };

  return (
    <>
      <PageHeader
        title={t('pages.titles.myForms')}
        actions={
          canCreate ? (
            <Button component={Link} to="/tna/create" leftSection={<IconFilePlus size={18} aria-hidden />}>
              {t('tna.myForms.new')}
            </Button>
          ) : undefined
        }
      />
      <MyFormsTable
        page={shown.page}
        loading={shown.loading}
        busy={shown.busy}
        error={forms.isError}
        onRetry={retry}
        onPage={showPage}
        onArchive={askArchive}
      />
      <ArchiveModal
        subject={archiving ? fullName(archiving) : null}
        keptAs={archiveKey}
        saving={statusMove.isPending}
        onConfirm={(remarks) => void archive(remarks)}
        onCancel={() => setArchiving(null)}
      />
    </>
  );
}
