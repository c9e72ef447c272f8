import { Badge } from '@mantine/core';
import type { FacilityDto, FacilitySort, Page } from '@tna/domain';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { RowActions } from '../../../components/admin-screen';
import type { Column, SortState } from '../../../components/data-table';
import { PagedTable } from '../../../components/paged-table';
import { currentLanguage } from '../../../lib/i18n';
import { facilityStatusLabel, facilityTypeLabel } from '../../../lib/labels';
import { unitName } from '../../../lib/localized';

interface FacilitiesTableProps {
  page: Page<FacilityDto> | undefined;
  loading: boolean;
  fetching: boolean;
  error: boolean;
  onRetry: () => void;
  sort: SortState<FacilitySort>;
  onSort: (key: FacilitySort) => void;
  onPage: (page: number) => void;
  canManage: boolean;
  onEdit: (facility: FacilityDto) => void;
  onDelete: (facility: FacilityDto) => void;
}

/**
 * SPEC 2 health facilities: code, name, type, province, district, status; sorted and paged by the
 * server. Memoised: the page hands it the answer in a transition (lib/deferred-query.ts).
 */
export const FacilitiesTable = memo(function FacilitiesTable(props: FacilitiesTableProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const columns: Column<FacilityDto>[] = [
    { key: 'index', header: t('common.index'), render: (_, number) => number, width: 56 },
    {
      key: 'code',
      header: t('hospitals.code'),
      sortKey: 'code',
      noWrap: true,
      render: (f) => <span dir="ltr">{f.code ?? '—'}</span>,
    },
    { key: 'name', header: t('hospitals.name'), sortKey: 'name', card: 'title', render: (f) => f.name },
    { key: 'type', header: t('hospitals.type'), sortKey: 'type', render: (f) => facilityTypeLabel(t, f.type) },
    {
      key: 'province',
      header: t('hospitals.province'),
      sortKey: 'province',
      render: (f) => (f.province ? unitName(f.province, language) : f.province_name),
    },
    {
      key: 'district',
      header: t('hospitals.district'),
      sortKey: 'district',
      render: (f) => (f.district ? unitName(f.district, language) : f.district_name),
    },
    {
      key: 'status',
      header: t('hospitals.status'),
      sortKey: 'status',
      noWrap: true,
      render: (f) => (
        <Badge
          variant="light"
          color={f.status === 'Closed' ? 'gray' : 'green'}
          radius="sm"
          tt="none"
          fz="sm"
          miw="max-content"
        >
          {facilityStatusLabel(t, f.status)}
        </Badge>
      ),
    },
  ];
  if (props.canManage) {
    columns.push({
      key: 'action',
      header: t('common.actions'),
      width: 96,
      render: (f) => <RowActions name={f.name} onEdit={() => props.onEdit(f)} onDelete={() => props.onDelete(f)} />,
    });
  }
  return (
    <PagedTable
      columns={columns}
      page={props.page}
      rowKey={(f) => f.id}
      loading={props.loading}
      busy={props.fetching}
      error={props.error}
      onRetry={props.onRetry}
      sort={props.sort}
      onSort={(key) => props.onSort(key as FacilitySort)}
      onPage={props.onPage}
      minWidth={960}
      label={t('hospitals.list')}
      pagesLabel={t('hospitals.pages')}
    />
  );
});
