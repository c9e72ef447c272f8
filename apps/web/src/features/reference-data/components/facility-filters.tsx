import { CloseButton, Grid, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/select';
import { searchableProps, unitOptions } from '../../../components/select-options';
import { useDistricts } from '../../../lib/api/get-districts';
import { useProvinces } from '../../../lib/api/get-provinces';
import { currentLanguage } from '../../../lib/i18n';
import { facilityStatusOptions, facilityTypeOptions } from './facility-options';

export interface FacilityFilterValues {
  province_id: string | null;
  district_id: string | null;
  type: string | null;
  status: string | null;
  /** Name or code, as typed (the page debounces it). */
  search: string;
}

export const NO_FACILITY_FILTERS: FacilityFilterValues = {
  province_id: null,
  district_id: null,
  type: null,
  status: null,
  search: '',
};

interface FacilityFiltersProps {
  value: FacilityFilterValues;
  onChange: (value: FacilityFilterValues) => void;
}

/** Filters of the health facility list: province, then its districts, type, status and a search box. */
export function FacilityFilters({ value, onChange }: FacilityFiltersProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const provinces = useProvinces();
  const districts = useDistricts(value.province_id ? Number(value.province_id) : null);
  const set = (patch: Partial<FacilityFilterValues>) => onChange({ ...value, ...patch });
  const searchable = searchableProps(t('common.nothingFound'));

  return (
    <Grid gap="sm" mb="md" role="search" aria-label={t('hospitals.filters')}>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <TextInput
          label={t('hospitals.search')}
          placeholder={t('hospitals.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={value.search}
          onChange={(event) => set({ search: event.currentTarget.value })}
          rightSection={
            value.search ? (
              <CloseButton size="sm" aria-label={t('hospitals.clearSearch')} onClick={() => set({ search: '' })} />
            ) : null
          }
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <Select
          label={t('hospitals.province')}
          placeholder={t('common.all')}
          data={unitOptions(provinces.data, language)}
          clearable
          {...searchable}
          value={value.province_id}
          // A new province clears the district, whose list reloads for it.
          onChange={(province_id) => set({ province_id, district_id: null })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <Select
          label={t('hospitals.district')}
          placeholder={value.province_id ? t('common.all') : t('hospitals.chooseProvinceFirst')}
          data={unitOptions(districts.data, language)}
          disabled={!value.province_id}
          clearable
          {...searchable}
          value={value.district_id}
          onChange={(district_id) => set({ district_id })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <Select
          label={t('hospitals.type')}
          placeholder={t('common.all')}
          data={facilityTypeOptions(t)}
          clearable
          {...searchable}
          value={value.type}
          onChange={(type) => set({ type })}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 6, md: 2 }}>
        <Select
          label={t('hospitals.status')}
          placeholder={t('common.all')}
          data={facilityStatusOptions(t)}
          clearable
          comboboxProps={{ withinPortal: true }}
          value={value.status}
          onChange={(status) => set({ status })}
        />
      </Grid.Col>
    </Grid>
  );
}
