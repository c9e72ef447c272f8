import { SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TRAINING_FREQUENCIES, TRAINING_TYPES, type TrainingDto, trainingFormSchema } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { FormCard, useSaveSubmit } from '../../../components/form-card';
import { MultiSelect } from '../../../components/multi-select';
import { Select } from '../../../components/select';
import { departmentOptions, searchableProps, titleOptions } from '../../../components/select-options';
import { useDepartments } from '../../../lib/api/get-departments';
import { usePositions } from '../../../lib/api/get-positions';
import { translatedErrors, zodValidator } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { frequencyLabel, trainingTypeLabel } from '../../../lib/labels';
import { useSaveTraining } from '../api/save-training';

interface TrainingFormValues {
  id: number | null;
  title_en: string;
  title_dr: string;
  title_pa: string;
  training_type: string | null;
  frequency: string | null;
  department: string | null;
  positions: string[];
}

const validate = zodValidator(trainingFormSchema);

interface TrainingFormProps {
  training: TrainingDto | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** SPEC 5 training form: English title, type, frequency, department and at least one position required. */
export function TrainingForm({ training, onSaved, onCancel }: TrainingFormProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const save = useSaveTraining();
  const departments = useDepartments();
  const positions = usePositions();
  const form = useForm<TrainingFormValues>({
    initialValues: {
      id: training?.id ?? null,
      title_en: training?.title_en ?? '',
      title_dr: training?.title_dr ?? '',
      title_pa: training?.title_pa ?? '',
      training_type: training?.training_type ?? null,
      frequency: training?.frequency ?? null,
      department: training ? String(training.department_id) : null,
      positions: training?.positions.map((position) => String(position.id)) ?? [],
    },
    validate,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  const submit = useSaveSubmit(form, (values) => save.mutateAsync(trainingFormSchema.parse(values)), onSaved);
  const searchable = searchableProps(t('common.nothingFound'));

  return (
    <FormCard
      title={training ? t('trainings.editTitle') : t('trainings.addTitle')}
      onSubmit={submit}
      canSubmit={form.isValid()}
      saving={save.isPending}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label={t('trainings.titleEn')}
          dir="ltr"
          required
          autoComplete="off"
          {...form.getInputProps('title_en')}
        />
        <TextInput
          label={t('trainings.titleDr')}
          dir="rtl"
          lang="fa"
          autoComplete="off"
          {...form.getInputProps('title_dr')}
        />
        <TextInput
          label={t('trainings.titlePs')}
          dir="rtl"
          lang="ps"
          autoComplete="off"
          {...form.getInputProps('title_pa')}
        />
        <Select
          label={t('trainings.type')}
          placeholder={t('trainings.selectType')}
          required
          data={TRAINING_TYPES.map((type) => ({ value: type, label: trainingTypeLabel(t, type) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('training_type')}
        />
        <Select
          label={t('trainings.frequency')}
          placeholder={t('trainings.selectFrequency')}
          required
          data={TRAINING_FREQUENCIES.map((frequency) => ({ value: frequency, label: frequencyLabel(t, frequency) }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('frequency')}
        />
        <Select
          label={t('trainings.department')}
          placeholder={t('positions.selectDepartment')}
          required
          data={departmentOptions(departments.data, language)}
          allowDeselect={false}
          {...searchable}
          {...form.getInputProps('department')}
        />
      </SimpleGrid>
      <MultiSelect
        mt="md"
        label={t('trainings.positions')}
        placeholder={t('trainings.selectPositions')}
        required
        data={titleOptions(positions.data, language)}
        hidePickedOptions
        clearable
        {...searchable}
        {...form.getInputProps('positions')}
      />
    </FormCard>
  );
}
