import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { ASSESSMENT_SORTS, type AssessmentSort, type AssessmentStatus, can } from '@tna/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { SortState } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useRoles } from '../../../lib/auth';
import { useDeferredPage } from '../../../lib/deferred-query';
import { describeError } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { exportList } from '../api/export-list';
import { useReviewList } from '../api/review-list';
import { type ReviewFilters, ReviewSearch } from '../components/review-search';
import { ReviewTable } from '../components/review-table';

const TITLE_KEYS: Record<AssessmentStatus, string> = {
  NEW: 'pages.titles.validate',
  APPROVED: 'pages.titles.cleared',
  REJECTED: 'pages.titles.rejected',
  ARCHIVED: 'pages.titles.archived',
};

const positiveId = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * One list of SPEC 2 for a status: the search form, the Excel export (admin and validator), the
 * server-sorted table and page links. Page, sort and search live in the address, so reload and Back
 * keep them.
 */
export function ReviewListPage({ status }: { status: AssessmentStatus }) {
  const { t, i18n } = useTranslation();
  const roles = useRoles();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const sortParam = params.get('sort');
  const sortKey = (ASSESSMENT_SORTS as readonly string[]).includes(sortParam ?? '')
    ? (sortParam as AssessmentSort)
    : null;
  const direction = params.get('direction') === 'desc' ? 'desc' : 'asc';
  const province = positiveId(params.get('province'));
  const district = province ? positiveId(params.get('district')) : null;
  const facility = province ? positiveId(params.get('health_facility')) : null;
  // The search form's props stay the same objects while only the list's answer changes: the answer
  // renders this page again synchronously (TanStack Query), and the memoised form then skips that
  // render instead of building its selects again in the same task (issue 15).
  const filters: ReviewFilters = useMemo(
    () => ({ province, district, health_facility: facility }),
    [province, district, facility],
  );
  const list = useReviewList({
    status,
    page,
    sort: sortKey,
    direction: sortKey ? direction : null,
    lang: currentLanguage(),
    ...filters,
  });
  const [exporting, setExporting] = useState(false);

  // SPEC 8: a failed search says 'Operation Failed'.
  useEffect(() => {
    if (list.isError && province) notify('error', describeError(i18n, list.error), t('toast.operationFailed'));
  }, [list.isError, list.error, province, i18n, t]);

  // A page past the end (rows moved away meanwhile): show the new last page.
  const lastPage = list.data?.last_page;
  useEffect(() => {
    if (lastPage !== undefined && lastPage > 0 && page > lastPage) {
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('page', String(lastPage));
        return next;
      });
    }
  }, [page, lastPage, setParams]);

  const update = useCallback(
    (patch: Record<string, string | null>) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null || value === '') next.delete(key);
          else next.set(key, value);
        }
        if (next.get('page') === '1') next.delete('page');
        return next;
      }),
    [setParams],
  );

  const search = useCallback(
    (next: ReviewFilters) =>
      update({
        province: next.province ? String(next.province) : null,
        district: next.district ? String(next.district) : null,
        health_facility: next.health_facility ? String(next.health_facility) : null,
        page: null,
      }),
    [update],
  );
  const reset = useCallback(
    () => update({ province: null, district: null, health_facility: null, page: null }),
    [update],
  );

  const toggleSort = useCallback(
    (key: string) =>
      update({
        sort: key,
        direction: sortKey === key && direction === 'asc' ? 'desc' : 'asc',
        page: null,
      }),
    [update, sortKey, direction],
  );
  const showPage = useCallback((next: number) => update({ page: String(next) }), [update]);
  const { refetch } = list;
  const retry = useCallback(() => void refetch(), [refetch]);

  const sort: SortState | undefined = useMemo(
    () => (sortKey ? { key: sortKey, direction } : undefined),
    [sortKey, direction],
  );
  // The answer reaches the (memoised) table in a transition (lib/deferred-query.ts).
  const shown = useDeferredPage(list);

  const runExport = async () => {
    setExporting(true);
    notify('info', t('tna.review.exporting'));
    try {
      const name = await exportList(status, { ...filters, lang: currentLanguage() });
      notify('success', t('tna.review.exported', { name }));
    } catch (error) {
      notify('error', describeError(i18n, error), t('toast.operationFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t(TITLE_KEYS[status])}
        actions={
          can(roles, 'tna.export') ? (
            <Button
              variant="light"
              color="green"
              loading={exporting}
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              onClick={() => void runExport()}
            >
              {t('tna.review.export')}
            </Button>
          ) : undefined
        }
      />
      <ReviewSearch
        applied={filters}
        onSearch={search}
        onReset={reset}
        searching={list.isFetching && Boolean(province)}
      />
      <ReviewTable
        status={status}
        page={shown.page}
        loading={shown.loading}
        busy={shown.busy}
        error={list.isError}
        onRetry={retry}
        onPage={showPage}
        sort={sort}
        onSort={toggleSort}
      />
    </>
  );
}

export const ValidationListPage = () => <ReviewListPage status="NEW" />;
export const ApprovedListPage = () => <ReviewListPage status="APPROVED" />;
export const RejectedListPage = () => <ReviewListPage status="REJECTED" />;
export const ArchivedListPage = () => <ReviewListPage status="ARCHIVED" />;
