import { Group, Radio, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type FacilityDto, facilityFormSchema } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { FormCard, useSaveSubmit } from '../../../components/form-card';
import { Select } from '../../../components/select';
import { searchableProps, unitOptions } from '../../../components/select-options';
import { useDistricts } from '../../../lib/api/get-districts';
import { useProvinces } from '../../../lib/api/get-provinces';
import { translatedErrors, zodValidator } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useSaveHospital } from '../api/save-hospital';
import { facilityStatusOptions, facilityTypeOptions } from './facility-options';

interface FacilityFormValues {
  id: number | null;
  name: string;
  code: string;
  type: string | null;
  province_id: string | null;
  district_id: string | null;
  /** 'yes' or 'no'; unset until chosen. */
  is_her_hf: string | null;
  latitude: string;
  /** Spelled as the API spells it. */
  longtitude: string;
  status: string | null;
}

const validate = zodValidator(facilityFormSchema);

function valuesOf(facility: FacilityDto | null): FacilityFormValues {
  return {
    id: facility?.id ?? null,
    name: facility?.name ?? '',
    code: facility?.code ?? '',
    type: facility?.type ?? null,
    province_id: facility ? String(facility.province_id) : null,
    district_id: facility ? String(facility.district_id) : null,
    is_her_hf: facility ? (facility.is_her_hf ? 'yes' : 'no') : null,
    latitude: facility?.latitude == null ? '' : String(facility.latitude),
    longtitude: facility?.longtitude == null ? '' : String(facility.longtitude),
    status: facility?.status ?? 'Existing',
  };
}

interface FacilityFormProps {
  facility: FacilityDto | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** SPEC 5 health facility form; the district list follows the chosen province. */
export function FacilityForm({ facility, onSaved, onCancel }: FacilityFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const save = useSaveHospital();
  const form = useForm<FacilityFormValues>({
    initialValues: valuesOf(facility),
    validate,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  const provinces = useProvinces();
  const provinceId = form.values.province_id ? Number(form.values.province_id) : null;
  const districts = useDistricts(provinceId);
  const submit = useSaveSubmit(form, (values) => save.mutateAsync(facilityFormSchema.parse(values)), onSaved);
  const searchable = searchableProps(t('common.nothingFound'));
  const provinceInput = form.getInputProps('province_id');

  return (
    <FormCard
      title={facility ? t('hospitals.editTitle') : t('hospitals.addTitle')}
      onSubmit={submit}
      canSubmit={form.isValid()}
      saving={save.isPending}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('hospitals.name')} required autoComplete="off" {...form.getInputProps('name')} />
        <TextInput label={t('hospitals.code')} dir="ltr" autoComplete="off" {...form.getInputProps('code')} />
        <Select
          label={t('hospitals.type')}
          placeholder={t('hospitals.selectType')}
          required
          data={facilityTypeOptions(t)}
          allowDeselect={false}
          {...searchable}
          {...form.getInputProps('type')}
        />
        <Select
          label={t('hospitals.status')}
          required
          data={facilityStatusOptions(t)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('status')}
        />
        <Select
          label={t('hospitals.province')}
          placeholder={t('administratives.selectProvince')}
          required
          data={unitOptions(provinces.data, language)}
          allowDeselect={false}
          {...searchable}
          {...provinceInput}
          onChange={(value) => {
            // The district list reloads for the new province, and the old district no longer fits.
            if (value !== form.values.province_id) form.setFieldValue('district_id', null);
            provinceInput.onChange(value);
          }}
        />
        <Select
          label={t('hospitals.district')}
          placeholder={provinceId ? t('hospitals.selectDistrict') : t('hospitals.chooseProvinceFirst')}
          required
          data={unitOptions(districts.data, language)}
          disabled={!provinceId}
          allowDeselect={false}
          {...searchable}
          {...form.getInputProps('district_id')}
        />
        <TextInput
          label={t('hospitals.latitude')}
          placeholder="34.5553"
          dir="ltr"
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('latitude')}
        />
        <TextInput
          label={t('hospitals.longitude')}
          placeholder="69.2075"
          dir="ltr"
          inputMode="decimal"
          autoComplete="off"
          {...form.getInputProps('longtitude')}
        />
        <Radio.Group
          label={t('hospitals.isHerHf')}
          description={t('hospitals.isHerHfHint')}
          required
          {...form.getInputProps('is_her_hf')}
        >
          <Group gap="lg" mt={6}>
            <Radio value="yes" label={t('common.yes')} />
            <Radio value="no" label={t('common.no')} />
          </Group>
        </Radio.Group>
      </SimpleGrid>
    </FormCard>
  );
}
