import { SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type DepartmentDto, departmentFormSchema } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { FormCard, useSaveSubmit } from '../../../components/form-card';
import { translatedErrors, zodValidator } from '../../../lib/form';
import { useSaveDepartment } from '../api/save-department';

interface DepartmentFormValues {
  id: number | null;
  name: string;
  name_dr: string;
  name_pa: string;
  remarks: string;
}

const validate = zodValidator(departmentFormSchema);

interface DepartmentFormProps {
  department: DepartmentDto | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** SPEC 5 department form: name required; Dari and Pashto names and remarks optional. */
export function DepartmentForm({ department, onSaved, onCancel }: DepartmentFormProps) {
  const { t, i18n } = useTranslation();
  const save = useSaveDepartment();
  const form = useForm<DepartmentFormValues>({
    initialValues: {
      id: department?.id ?? null,
      name: department?.name ?? '',
      name_dr: department?.name_dr ?? '',
      name_pa: department?.name_pa ?? '',
      remarks: department?.remarks ?? '',
    },
    validate,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  const submit = useSaveSubmit(form, (values) => save.mutateAsync(departmentFormSchema.parse(values)), onSaved);

  return (
    <FormCard
      title={department ? t('departments.editTitle') : t('departments.addTitle')}
      onSubmit={submit}
      canSubmit={form.isValid()}
      saving={save.isPending}
      onCancel={onCancel}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput
          label={t('departments.name')}
          description={t('administratives.inEnglish')}
          dir="ltr"
          required
          autoComplete="off"
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('departments.nameDr')}
          dir="rtl"
          lang="fa"
          autoComplete="off"
          {...form.getInputProps('name_dr')}
        />
        <TextInput
          label={t('departments.namePa')}
          dir="rtl"
          lang="ps"
          autoComplete="off"
          {...form.getInputProps('name_pa')}
        />
      </SimpleGrid>
      <Textarea
        mt="md"
        label={t('departments.remarks')}
        autosize
        minRows={3}
        maxRows={8}
        {...form.getInputProps('remarks')}
      />
    </FormCard>
  );
}
