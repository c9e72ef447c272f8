import { Anchor, Button, Group } from '@mantine/core';
import { IconArchive, IconPencil } from '@tabler/icons-react';
import type { AssessmentRowDto, Page } from '@tna/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { localDigits } from '../../../lib/digits';
import { currentLanguage } from '../../../lib/i18n';
import { fullName, unitName } from '../../../lib/localized';

interface MyFormsTableProps {
  page: Page<AssessmentRowDto> | undefined;
  loading: boolean;
  busy: boolean;
  error: boolean;
  onRetry: () => void;
  onPage: (page: number) => void;
  onArchive: (row: AssessmentRowDto) => void;
}

/** SPEC 2 My Assessments: the officer's NEW forms, numbered from the page's first row, with Update and Archive. */
function MyFormsTableView({ page, loading, busy, error, onRetry, onPage, onArchive }: MyFormsTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<AssessmentRowDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, n) => n, width: 48 },
    { key: 'province', header: t('tna.fields.province'), render: (row) => unitName(row.temp_province, language) },
    { key: 'district', header: t('tna.fields.district'), render: (row) => unitName(row.temp_district, language) },
    { key: 'hospital', header: t('tna.fields.hospital'), render: (row) => row.hospital_name },
    {
      key: 'name',
      header: t('tna.fields.name'),
      card: 'title',
      render: (row) => (
        <Anchor component={Link} to={`/tna/details/${row.id}`} fz="sm" dir="auto">
          {fullName(row)}
        </Anchor>
      ),
    },
    { key: 'fathername', header: t('tna.fields.fathername'), render: (row) => <bdi>{row.fathername}</bdi> },
    {
      key: 'birth_year',
      header: t('tna.fields.birth_year'),
      render: (row) => localDigits(String(row.birth_year), language),
      noWrap: true,
    },
    {
      key: 'implementing_organization',
      header: t('tna.fields.implementing_organization'),
      render: (row) => <bdi>{row.implementing_organization}</bdi>,
    },
    {
      key: 'phone',
      header: t('tna.fields.phone'),
      render: (row) => <span dir="ltr">{row.phone}</span>,
      noWrap: true,
    },
    {
      key: 'actions',
      header: t('common.action'),
      render: (row) => (
        <Group gap={6} wrap="nowrap">
          <Button
            component={Link}
            to={`/tna/edit/${row.id}`}
            size="compact-sm"
            variant="light"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('tna.myForms.updateItem', { name: fullName(row) })}
          >
            {t('tna.myForms.update')}
          </Button>
          <Button
            size="compact-sm"
            variant="light"
            color="red"
            leftSection={<IconArchive size={14} aria-hidden />}
            aria-label={t('tna.myForms.archiveItem', { name: fullName(row) })}
            onClick={() => onArchive(row)}
          >
            {t('tna.myForms.archive')}
          </Button>
        </Group>
      ),
    },
  ];
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
      minWidth={980}
      label={t('tna.myForms.list')}
      pagesLabel={t('tna.myForms.pages')}
    />
  );
}

/** Memoised: the page hands it the answer in a transition (lib/deferred-query.ts useDeferredPage). */
export const MyFormsTable = memo(MyFormsTableView);
