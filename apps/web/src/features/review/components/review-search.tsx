import { Button, Grid, Group } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { AdminUnitDto } from '@tna/domain';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/select';
import { searchableProps, unitOptions } from '../../../components/select-options';
import { useDistricts } from '../../../lib/api/get-districts';
import { useHospitalsByDistrict } from '../../../lib/api/get-hospitals-by-district';
import { useProvinces } from '../../../lib/api/get-provinces';
import { useProvinceScope } from '../../../lib/auth';
import { useDeferredQuery } from '../../../lib/deferred-query';
import { currentLanguage } from '../../../lib/i18n';

export interface ReviewFilters {
  province: number | null;
  district: number | null;
  health_facility: number | null;
}

export const NO_REVIEW_FILTERS: ReviewFilters = { province: null, district: null, health_facility: null };

interface ReviewSearchProps {
  /** The search the list shows now (from the address). */
  applied: ReviewFilters;
  onSearch: (filters: ReviewFilters) => void;
  onReset: () => void;
  searching: boolean;
}

const idOf = (value: string | null) => (value ? Number(value) : null);
const text = (value: number | null) => (value ? String(value) : null);

/**
 * The search form of the review lists (SPEC 2, 5): province required (Search stays disabled without
 * it), a province loads its districts and a district its health facilities, each clearing the next.
 */
export function ReviewSearch(props: ReviewSearchProps) {
  // The device's copy of the lists arrives as the page opens: rendered as a transition, not in the
  // task that paints the page (lib/deferred-query.ts). TanStack Query makes the component that asks
  // render again at once with the answer: here that is this one alone, and the form below, given the
  // same props, waits for the transition (before, the whole form was built twice, once synchronously).
  const provinces = useDeferredQuery(useProvinces()).data;
  return <SearchForm {...props} provinces={provinces} />;
}

const SearchForm = memo(function SearchForm({
  applied,
  onSearch,
  onReset,
  searching,
  provinces,
}: ReviewSearchProps & { provinces: AdminUnitDto[] | undefined }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [draft, setDraft] = useState<ReviewFilters>(applied);
  // Back and forward (the search lives in the address) bring their own search. The same search kept
  // as it is: a new object on mount rendered the whole form again, synchronously (issue 15).
  const { province, district, health_facility } = applied;
  useEffect(
    () =>
      setDraft((draft) =>
        draft.province === province && draft.district === district && draft.health_facility === health_facility
          ? draft
          : { province, district, health_facility },
      ),
    [province, district, health_facility],
  );
  // Only the provinces the reader works in: the server answers an empty page for any other.
  const scope = useProvinceScope();
  const districts = useDistricts(draft.province);
  const hospitals = useHospitalsByDistrict(draft.district);
  const searchable = searchableProps(t('common.nothingFound'));
  const hospitalOptions = (hospitals.data ?? []).map((h) => ({ value: String(h.id), label: h.name }));

  return (
    <search>
      <form
        aria-label={t('tna.review.search')}
        onSubmit={(event) => {
          event.preventDefault();
          if (draft.province) onSearch(draft);
        }}
      >
        <Grid gap="sm" mb="md" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              id="review-province"
              label={t('tna.fields.province')}
              placeholder={t('tna.review.chooseProvince')}
              required
              data={unitOptions(
                provinces?.filter((p) => !scope || scope.includes(p.id)),
                language,
              )}
              {...searchable}
              selectFirstOptionOnChange
              value={text(draft.province)}
              onChange={(value) => setDraft({ province: idOf(value), district: null, health_facility: null })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              id="review-district"
              label={t('tna.fields.district')}
              placeholder={draft.province ? t('common.all') : t('tna.review.provinceFirst')}
              data={unitOptions(districts.data, language)}
              disabled={!draft.province}
              clearable
              {...searchable}
              selectFirstOptionOnChange
              value={text(draft.district)}
              onChange={(value) => setDraft({ ...draft, district: idOf(value), health_facility: null })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Select
              id="review-facility"
              label={t('tna.fields.hospital')}
              placeholder={draft.district ? t('common.all') : t('tna.review.districtFirst')}
              data={hospitalOptions}
              disabled={!draft.district}
              clearable
              {...searchable}
              selectFirstOptionOnChange
              value={text(draft.health_facility)}
              onChange={(value) => setDraft({ ...draft, health_facility: idOf(value) })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
            <Group gap="sm" wrap="nowrap">
              <Button
                type="submit"
                disabled={!draft.province}
                loading={searching}
                leftSection={<IconSearch size={16} aria-hidden />}
              >
                {t('tna.review.searchButton')}
              </Button>
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} aria-hidden />}
                onClick={() => {
                  setDraft(NO_REVIEW_FILTERS);
                  onReset();
                }}
              >
                {t('tna.review.reset')}
              </Button>
            </Group>
          </Grid.Col>
        </Grid>
      </form>
    </search>
  );
});
