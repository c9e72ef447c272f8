import { Anchor, Button } from '@mantine/core';
import { IconChecklist, IconExternalLink, IconEye } from '@tabler/icons-react';
import type { AssessmentRowDto, AssessmentStatus, Page } from '@tna/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column, SortState } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { localDigits } from '../../../lib/digits';
import { currentLanguage } from '../../../lib/i18n';
import { fullName, unitName } from '../../../lib/localized';

interface ReviewTableProps {
  status: AssessmentStatus;
  page: Page<AssessmentRowDto> | undefined;
  loading: boolean;
  busy: boolean;
  error: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
  sort: SortState | undefined;
  onSort: (key: string) => void;
}

/** The row action of each list (SPEC 2): Validate (new tab), Details, Review/Action; Archived rows open by the name. */
function RowAction({ status, row }: { status: AssessmentStatus; row: AssessmentRowDto }) {
  const { t } = useTranslation();
  const to = `/tna/details/${row.id}`;
  const name = fullName(row);
  if (status === 'NEW') {
    return (
      <Button
        component="a"
        href={to}
        target="_blank"
        rel="noopener"
        size="compact-sm"
        variant="light"
        leftSection={<IconExternalLink size={14} aria-hidden />}
        aria-label={t('tna.review.validateItem', { name })}
      >
        {t('tna.review.validate')}
      </Button>
    );
  }
  const [label, Icon] =
    status === 'REJECTED' ? [t('tna.review.reviewAction'), IconChecklist] : [t('tna.review.details'), IconEye];
  return (
    <Button
      component={Link}
      to={to}
      size="compact-sm"
      variant="light"
      leftSection={<Icon size={14} aria-hidden />}
      aria-label={`${label}: ${name}`}
    >
      {label}
    </Button>
  );
}

/**
 * SPEC 2 review lists: numbered from the page's first row, sortable on the server, names in the active
 * language. Memoised: the list page renders again at once with every answer (TanStack Query), and
 * hands this the answer only in a transition (lib/deferred-query.ts useDeferredPage), so the table is
 * built in slices.
 */
export const ReviewTable = memo(function ReviewTable({
  status,
  page,
  loading,
  busy,
  error,
  onRetry,
  onPage,
  sort,
  onSort,
}: ReviewTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<AssessmentRowDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, n) => n, width: 48 },
    {
      key: 'province',
      header: t('tna.fields.province'),
      sortKey: 'province',
      render: (row) => unitName(row.temp_province, language),
    },
    {
      key: 'district',
      header: t('tna.fields.district'),
      sortKey: 'district',
      render: (row) => unitName(row.temp_district, language),
    },
    {
      key: 'hospital',
      header: t('tna.fields.hospital'),
      sortKey: 'health_facility',
      render: (row) => <bdi>{row.hospital_name}</bdi>,
    },
    {
      key: 'name',
      header: t('tna.fields.name'),
      card: 'title',
      sortKey: 'name',
      render: (row) =>
        status === 'ARCHIVED' ? (
          <Anchor component={Link} to={`/tna/details/${row.id}`} fz="sm" dir="auto">
            {fullName(row)}
          </Anchor>
        ) : (
          <bdi>{fullName(row)}</bdi>
        ),
    },
    {
      key: 'fathername',
      header: t('tna.fields.fathername'),
      sortKey: 'fathername',
      render: (row) => <bdi>{row.fathername}</bdi>,
    },
    {
      key: 'birth_year',
      header: t('tna.fields.birth_year'),
      sortKey: 'birth_year',
      render: (row) => localDigits(String(row.birth_year), language),
      noWrap: true,
    },
    {
      key: 'implementing_organization',
      header: t('tna.fields.implementing_organization'),
      sortKey: 'implementing_organization',
      render: (row) => <bdi>{row.implementing_organization}</bdi>,
    },
    {
      key: 'phone',
      header: t('tna.fields.phone'),
      sortKey: 'phone',
      render: (row) => <span dir="ltr">{row.phone}</span>,
      noWrap: true,
    },
  ];
  columns.push({
    key: 'actions',
    header: t('common.action'),
    render: (row) => <RowAction status={status} row={row} />,
    noWrap: true,
  });
  return (
    <PagedTable
      columns={columns}
      page={page}
      rowKey={(row) => row.id}
      loading={loading}
      busy={busy}
      error={error}
      onRetry={onRetry}
      onPage={onPage}
      sort={sort}
      onSort={onSort}
      minWidth={1040}
      label={t('tna.review.list')}
      pagesLabel={t('tna.review.pages')}
    />
  );
});
