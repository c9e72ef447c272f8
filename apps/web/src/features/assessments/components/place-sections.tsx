import { SimpleGrid, TextInput } from '@mantine/core';
import { compareNames } from '@tna/domain';
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/select';
import { type SearchableOption, unitOptions } from '../../../components/select-options';
import { useDistricts } from '../../../lib/api/get-districts';
import { useHospitalsByDistrict } from '../../../lib/api/get-hospitals-by-district';
import { useProvinces } from '../../../lib/api/get-provinces';
import { useProvinceScope } from '../../../lib/auth';
import { currentLanguage } from '../../../lib/i18n';
import { Reveal } from '../../../lib/staged-reveal';
import { facilityLabel } from './assessment-options';
import { SECTION_FIELDS } from './assessment-values';
import {
  type AssessmentFormApi,
  bindField,
  bindParentSelect,
  FORM_PARTS,
  Section,
  sameSection,
  searchableSelect,
} from './form-fields';

const num = (v: string | null) => (v ? Number(v) : null);

interface PlaceSectionsProps {
  form: AssessmentFormApi;
  /** The chosen places (the form is uncontrolled; its owner passes them down for the dependent lists). */
  permanentProvince: string | null;
  jobProvince: string | null;
  jobDistrict: string | null;
}

/** SPEC 2 sections 3 and 4: the permanent address, and the job's province, district and health facility. */
function PlaceSectionsFields({ form, permanentProvince, jobProvince, jobDistrict }: PlaceSectionsProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const provinces = useProvinces();
  const permanentDistricts = useDistricts(num(permanentProvince));
  const jobDistricts = useDistricts(num(jobProvince));
  const facilities = useHospitalsByDistrict(num(jobDistrict));
  const field = (name: Parameters<typeof bindField>[2]) => bindField(form, t, name);
  const searchable = searchableSelect(t);
  const provinceOptions = unitOptions(provinces.data, language);
  // A form's job province is one of the provinces the user works in (issue 13); a single one is
  // chosen, once the list holds it (so that the select shows its name).
  const scope = useProvinceScope();
  const jobProvinceOptions = scope ? provinceOptions.filter((o) => scope.includes(Number(o.value))) : provinceOptions;
  const onlyProvince = scope?.length === 1 ? String(scope[0]) : null;
  const provincesLoaded = provinces.data !== undefined;
  useEffect(() => {
    if (onlyProvince && provincesLoaded && !form.getValues().temp_province_id) {
      form.setFieldValue('temp_province_id', onlyProvince);
    }
  }, [onlyProvince, provincesLoaded, form]);
  const facilityOptions: SearchableOption[] = (facilities.data ?? [])
    .map((facility) => ({ value: String(facility.id), label: facilityLabel(facility), terms: facility.code ?? '' }))
    .sort((a, b) => compareNames(a.label, b.label));

  return (
    <>
      <Reveal at={FORM_PARTS.permanent}>
        <Section id="tna-section-permanent" title={t('tna.sections.permanent')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <Select
              key={form.key('perminent_province_id')}
              {...bindParentSelect(form, t, 'perminent_province_id', ['perminent_district_id'])}
              placeholder={t('tna.form.selectProvince')}
              data={provinceOptions}
              allowDeselect={false}
              {...searchable}
            />
            <Select
              key={form.key('perminent_district_id')}
              {...field('perminent_district_id')}
              placeholder={permanentProvince ? t('tna.form.selectDistrict') : t('tna.form.chooseProvinceFirst')}
              data={unitOptions(permanentDistricts.data, language)}
              disabled={!permanentProvince}
              allowDeselect={false}
              {...searchable}
            />
            <TextInput
              key={form.key('perminent_address_details')}
              {...field('perminent_address_details')}
              dir="auto"
              autoComplete="off"
            />
          </SimpleGrid>
        </Section>
      </Reveal>

      <Reveal at={FORM_PARTS.job}>
        <Section id="tna-section-job" title={t('tna.sections.job')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              key={form.key('temp_province_id')}
              {...bindParentSelect(form, t, 'temp_province_id', ['temp_district_id', 'hospital'])}
              placeholder={t('tna.form.selectProvince')}
              data={jobProvinceOptions}
              allowDeselect={false}
              {...searchable}
            />
            <Select
              key={form.key('temp_district_id')}
              {...bindParentSelect(form, t, 'temp_district_id', ['hospital'])}
              placeholder={jobProvince ? t('tna.form.selectDistrict') : t('tna.form.chooseProvinceFirst')}
              data={unitOptions(jobDistricts.data, language)}
              disabled={!jobProvince}
              allowDeselect={false}
              {...searchable}
            />
            <Select
              key={form.key('hospital')}
              {...field('hospital')}
              dir="auto"
              placeholder={jobDistrict ? t('tna.form.selectFacility') : t('tna.form.chooseDistrictFirst')}
              data={facilityOptions}
              disabled={!jobDistrict}
              allowDeselect={false}
              {...searchable}
              nothingFoundMessage={facilities.isPending ? t('app.loading') : t('tna.form.noFacilities')}
            />
            <TextInput key={form.key('job_address')} {...field('job_address')} dir="auto" autoComplete="off" />
          </SimpleGrid>
        </Section>
      </Reveal>
    </>
  );
}

export const PlaceSections = memo(
  PlaceSectionsFields,
  sameSection<Parameters<typeof PlaceSectionsFields>[0]>(SECTION_FIELDS.place),
);
