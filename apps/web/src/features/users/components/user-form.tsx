import { Button, Group, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ROLES, type UserDto, userFormSchema } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '../../../components/multi-select';
import { PasswordField } from '../../../components/password-field';
import { Select } from '../../../components/select';
import { searchableProps, unitOptions } from '../../../components/select-options';
import { useProvinces } from '../../../lib/api/get-provinces';
import { applyServerErrors, describeError, translatedErrors, zodValidator } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useSaveUser } from '../api/save-user';

interface UserFormValues {
  id: number | null;
  name: string;
  email: string;
  password: string;
  c_password: string;
  role: string | null;
  /** The provinces the user works in, as the select's values; none = every province. */
  provinces: string[];
}

const validateUser = zodValidator(userFormSchema);

function valuesOf(user: UserDto | null): UserFormValues {
  return {
    id: user?.id ?? null,
    name: user?.name ?? '',
    email: user?.email ?? '',
    // SPEC 4 edit: the password stays empty, which keeps the current one.
    password: '',
    c_password: '',
    role: user?.roles[0]?.name ?? null,
    provinces: (user?.provinces ?? []).map(String),
  };
}

interface UserFormProps {
  /** The user being edited, or null to add one. */
  user: UserDto | null;
  onSaved: () => void;
  onCancel: () => void;
}

/** SPEC 5 user form: submit stays disabled while the form is invalid. */
export function UserForm({ user, onSaved, onCancel }: UserFormProps) {
  const { t, i18n } = useTranslation();
  const save = useSaveUser();
  const form = useForm<UserFormValues>({
    initialValues: valuesOf(user),
    validate: validateUser,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  const editing = user !== null;
  const provinces = useProvinces();
  // Admins always see every province (the domain's provinceScope), so their set is not asked for.
  const isAdmin = form.getValues().role === 'admin';

  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(userFormSchema.parse(values));
      notify('success', t('toast.registrationSucceeded'));
      form.reset();
      onSaved();
    } catch (error) {
      // Field errors (such as a duplicate email) show on their field; anything else is described.
      if (applyServerErrors(form, error)) notify('error', t('toast.registrationFailed'));
      else notify('error', describeError(i18n, error), t('toast.registrationFailed'));
    }
  });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="user-form-title">
      <Title order={2} fz="lg" mb="md" id="user-form-title">
        {editing ? t('users.editTitle') : t('users.addTitle')}
      </Title>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('users.name')} required autoComplete="off" {...form.getInputProps('name')} />
          <TextInput
            label={t('users.email')}
            type="email"
            dir="ltr"
            required
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('users.password')}
            required={!editing}
            autoComplete="new-password"
            description={editing ? t('users.passwordKeep') : undefined}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('users.confirmPassword')}
            required={!editing}
            autoComplete="new-password"
            {...form.getInputProps('c_password')}
          />
          <Select
            label={t('users.role')}
            placeholder={t('users.selectRole')}
            required
            data={ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('role')}
          />
          <MultiSelect
            label={t('users.provinces')}
            description={isAdmin ? t('users.provincesAdmin') : t('users.provincesHelp')}
            placeholder={form.getValues().provinces.length ? undefined : t('users.allProvinces')}
            data={unitOptions(provinces.data, currentLanguage())}
            disabled={isAdmin}
            clearable
            hidePickedOptions
            {...searchableProps(t('common.nothingFound'))}
            {...form.getInputProps('provinces')}
          />
        </SimpleGrid>
        <Group mt="lg" gap="sm">
          <Button type="submit" loading={save.isPending} disabled={!form.isValid()}>
            {t('common.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
