import { useDebouncedValue } from '@mantine/hooks';
import { can, type FacilityDto, type FacilitySort } from '@tna/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModeToggle, useAdminScreen, useConfirmedDelete } from '../../../components/admin-screen';
import type { SortState } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { useRoles } from '../../../lib/auth';
import { useDeferredPage } from '../../../lib/deferred-query';
import { currentLanguage } from '../../../lib/i18n';
import { useDeleteHospital } from '../api/delete-hospital';
import { useHospitals } from '../api/get-hospitals';
import { FacilitiesTable } from '../components/facilities-table';
import { FacilityFilters, type FacilityFilterValues, NO_FACILITY_FILTERS } from '../components/facility-filters';
import { FacilityForm } from '../components/facility-form';

const SEARCH_DEBOUNCE_MS = 350;

/** SPEC 2 Health Facilities: the server-paged, sortable, filterable list and the add/edit form. */
export function HospitalsPage() {
  const { t } = useTranslation();
  const screen = useAdminScreen<FacilityDto>();
  const canManage = can(useRoles(), 'reference.manage');
  const [filters, setFilters] = useState<FacilityFilterValues>(NO_FACILITY_FILTERS);
  const [search] = useDebouncedValue(filters.search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<SortState<FacilitySort>>({ key: 'name', direction: 'asc' });
  const [page, setPage] = useState(1);
  const hospitals = useHospitals({
    page,
    sort: sort.key,
    direction: sort.direction,
    lang: currentLanguage(),
    province_id: filters.province_id ? Number(filters.province_id) : null,
    district_id: filters.district_id ? Number(filters.district_id) : null,
    type: filters.type,
    status: filters.status,
    search,
  });
  const remove = useDeleteHospital();
  const destroy = useConfirmedDelete(remove.mutateAsync);

  // A new search starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the debounced search changes
  useEffect(() => setPage(1), [search]);

  // Deleting the last row of the last page leaves an empty page: show the new last one.
  const lastPage = hospitals.data?.last_page;
  useEffect(() => {
    if (lastPage !== undefined && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  const changeFilters = (next: FacilityFilterValues) => {
    if (next.search === filters.search) setPage(1);
    setFilters(next);
  };

  const toggleSort = useCallback((key: FacilitySort) => {
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { key, direction: 'asc' },
    );
    setPage(1);
  }, []);

  // The table is memoised and gets the answer in a transition (lib/deferred-query.ts), so its props
  // stay the same objects while only the answer changes.
  const shown = useDeferredPage(hospitals);
  const { refetch } = hospitals;
  const retry = useCallback(() => void refetch(), [refetch]);
  const { edit } = screen;
  const editFacility = useCallback((facility: FacilityDto) => void edit(facility), [edit]);
  const deleteFacility = useCallback((facility: FacilityDto) => void destroy(facility.id), [destroy]);

  return (
    <>
      <PageHeader
        title={t('pages.titles.hospitals')}
        actions={
          canManage ? (
            <ModeToggle
              formOpen={screen.formOpen}
              addLabel={t('hospitals.add')}
              onAdd={screen.add}
              onBack={screen.showList}
            />
          ) : undefined
        }
      />
      {screen.mode.kind === 'form' ? (
        <FacilityForm
          key={screen.mode.item?.id ?? 'new'}
          facility={screen.mode.item}
          onSaved={screen.showList}
          onCancel={screen.showList}
        />
      ) : (
        <>
          <FacilityFilters value={filters} onChange={changeFilters} />
          <FacilitiesTable
            page={shown.page}
            loading={shown.loading}
            fetching={shown.busy}
            error={hospitals.isError}
            onRetry={retry}
            sort={sort}
            onSort={toggleSort}
            onPage={setPage}
            canManage={canManage}
            onEdit={editFacility}
            onDelete={deleteFacility}
          />
        </>
      )}
    </>
  );
}
