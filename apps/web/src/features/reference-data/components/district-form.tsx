import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type AdminUnitDto, districtFormSchema } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { FormCard, useSaveSubmit } from '../../../components/form-card';
import { Select } from '../../../components/select';
import { searchableProps, unitOptions } from '../../../components/select-options';
import { useProvinces } from '../../../lib/api/get-provinces';
import { translatedErrors, zodValidator } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useSaveDistrict } from '../api/save-district';

interface DistrictFormValues {
  id: number | null;
  parent_id: string | null;
  name: string;
  name_fa: string;
  name_ps: string;
}

const validate = zodValidator(districtFormSchema);

interface DistrictFormProps {
  /** The district being edited, or null to add one. */
  district: AdminUnitDto | null;
  /** The province chosen at first when adding (the one whose districts are open). */
  provinceId: number | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** SPEC 5 district form: province (parent_id) and English name required; Dari and Pashto names optional. */
export function DistrictForm({ district, provinceId, onSaved, onCancel }: DistrictFormProps) {
  const { t, i18n } = useTranslation();
  const provinces = useProvinces();
  const save = useSaveDistrict();
  const form = useForm<DistrictFormValues>({
    initialValues: {
      id: district?.id ?? null,
      parent_id: district?.parent_id ? String(district.parent_id) : provinceId ? String(provinceId) : null,
      name: district?.name_en ?? '',
      name_fa: district?.name_fa ?? '',
      name_ps: district?.name_ps ?? '',
    },
    validate,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  const submit = useSaveSubmit(form, (values) => save.mutateAsync(districtFormSchema.parse(values)), onSaved);

  return (
    <FormCard
      title={district ? t('administratives.editDistrict') : t('administratives.addDistrict')}
      onSubmit={submit}
      canSubmit={form.isValid()}
      saving={save.isPending}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('administratives.province')}
          placeholder={t('administratives.selectProvince')}
          required
          data={unitOptions(provinces.data, currentLanguage())}
          disabled={provinces.isPending}
          allowDeselect={false}
          {...searchableProps(t('common.nothingFound'))}
          {...form.getInputProps('parent_id')}
        />
        <TextInput
          label={t('administratives.districtName')}
          description={t('administratives.inEnglish')}
          dir="ltr"
          required
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('administratives.districtNameFa')}
          dir="rtl"
          lang="fa"
          autoComplete="off"
          {...form.getInputProps('name_fa')}
        />
        <TextInput
          label={t('administratives.districtNamePs')}
          dir="rtl"
          lang="ps"
          autoComplete="off"
          {...form.getInputProps('name_ps')}
        />
      </SimpleGrid>
    </FormCard>
  );
}
