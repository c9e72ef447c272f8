import { Grid, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { type PositionDto, positionFormSchema } from '@tna/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FormCard, useSaveSubmit } from '../../../components/form-card';
import { MultiSelect } from '../../../components/multi-select';
import { Select } from '../../../components/select';
import { departmentOptions, searchableProps, titleOptions } from '../../../components/select-options';
import { useDepartments } from '../../../lib/api/get-departments';
import {
  trainingsByDepartmentQueryOptions,
  useTrainingsByDepartment,
} from '../../../lib/api/get-trainings-by-department';
import { translatedErrors, zodValidator } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { useSavePosition } from '../api/save-position';

interface PositionFormValues {
  id: number | null;
  title_en: string;
  title_dr: string;
  title_pa: string;
  department: string | null;
  trainings: string[];
}

const validate = zodValidator(positionFormSchema);

interface PositionFormProps {
  position: PositionDto | null;
  onSaved: () => void;
  onCancel: () => void;
}

/**
 * SPEC 5 position form. Choosing the department loads its trainings into the multi-select and drops
 * chosen trainings that are not among them. An edited position's own trainings stay on offer (they
 * may come from other departments).
 */
export function PositionForm({ position, onSaved, onCancel }: PositionFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const save = useSavePosition();
  const departments = useDepartments();
  const form = useForm<PositionFormValues>({
    initialValues: {
      id: position?.id ?? null,
      title_en: position?.title_en ?? '',
      title_dr: position?.title_dr ?? '',
      title_pa: position?.title_pa ?? '',
      department: position ? String(position.department_id) : null,
      trainings: position?.trainings.map((training) => String(training.id)) ?? [],
    },
    validate,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  const departmentId = form.values.department ? Number(form.values.department) : null;
  const offered = useTrainingsByDepartment(departmentId);
  const own = position?.trainings ?? [];
  const trainingOptions = titleOptions([...(offered.data ?? []), ...own], language);
  const latestDepartment = useRef(form.values.department);
  const submit = useSaveSubmit(form, (values) => save.mutateAsync(positionFormSchema.parse(values)), onSaved);
  const searchable = searchableProps(t('common.nothingFound'));
  const departmentInput = form.getInputProps('department');

  const changeDepartment = async (value: string | null) => {
    departmentInput.onChange(value);
    latestDepartment.current = value;
    if (!value) return;
    try {
      const list = await queryClient.fetchQuery(trainingsByDepartmentQueryOptions(Number(value)));
      // A slower answer for a department chosen earlier must not prune the newer choice.
      if (latestDepartment.current !== value) return;
      const allowed = new Set([...list, ...own].map((training) => String(training.id)));
      form.setFieldValue('trainings', (chosen) => chosen.filter((id) => allowed.has(id)));
    } catch {
      // The multi-select shows the load failure through its empty list; nothing to prune.
    }
  };

  return (
    <FormCard
      title={position ? t('positions.editTitle') : t('positions.addTitle')}
      onSubmit={submit}
      canSubmit={form.isValid()}
      saving={save.isPending}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label={t('positions.titleEn')}
          dir="ltr"
          required
          autoComplete="off"
          {...form.getInputProps('title_en')}
        />
        <TextInput
          label={t('positions.titleDr')}
          dir="rtl"
          lang="fa"
          required
          autoComplete="off"
          {...form.getInputProps('title_dr')}
        />
        <TextInput
          label={t('positions.titlePa')}
          dir="rtl"
          lang="ps"
          required
          autoComplete="off"
          {...form.getInputProps('title_pa')}
        />
      </SimpleGrid>
      <Grid gap="md" mt="md">
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Select
            label={t('positions.department')}
            placeholder={t('positions.selectDepartment')}
            required
            data={departmentOptions(departments.data, language)}
            allowDeselect={false}
            {...searchable}
            {...departmentInput}
            onChange={(value) => void changeDepartment(value)}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          <MultiSelect
            label={t('positions.trainings')}
            placeholder={departmentId ? t('positions.selectTrainings') : t('positions.chooseDepartmentFirst')}
            required
            data={trainingOptions}
            disabled={!departmentId}
            hidePickedOptions
            clearable
            {...searchable}
            {...form.getInputProps('trainings')}
          />
        </Grid.Col>
      </Grid>
    </FormCard>
  );
}
