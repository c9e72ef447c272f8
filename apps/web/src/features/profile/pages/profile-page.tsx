import { Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type ProfileInput, profileSchema, type UserDto } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { LoadError, Pending } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { PasswordField } from '../../../components/password-field';
import { useProfile } from '../../../lib/auth';
import { applyServerErrors, describeError, translatedErrors, zodValidator } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

const validateProfile = zodValidator(profileSchema);

function ProfileForm({ profile }: { profile: UserDto }) {
  const { t, i18n } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<ProfileInput>({
    initialValues: { id: profile.id, name: profile.name, email: profile.email, password: '', c_password: '' },
    validate: validateProfile,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      await update.mutateAsync(profileSchema.parse(values));
      notify('success', t('toast.updateSucceeded'));
      form.setValues({ password: '', c_password: '' });
      form.resetTouched();
    } catch (error) {
      // SPEC 8: a failed profile update says 'Registration failed'.
      if (applyServerErrors(form, error)) notify('error', t('toast.registrationFailed'));
      else notify('error', describeError(i18n, error), t('toast.registrationFailed'));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput label={t('profile.name')} required autoComplete="name" {...form.getInputProps('name')} />
        <TextInput
          label={t('profile.email')}
          readOnly
          dir="ltr"
          description={t('profile.emailReadOnly')}
          autoComplete="username"
          {...form.getInputProps('email')}
        />
        <PasswordField
          label={t('profile.password')}
          required
          autoComplete="new-password"
          {...form.getInputProps('password')}
        />
        <PasswordField
          label={t('profile.confirmPassword')}
          required
          autoComplete="new-password"
          {...form.getInputProps('c_password')}
        />
      </SimpleGrid>
      <Button type="submit" mt="lg" loading={update.isPending} disabled={!form.isValid()}>
        {t('profile.save')}
      </Button>
    </form>
  );
}

/** SPEC 2 profile: name editable, email read-only, password and confirmation. */
export function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfile();
  const data = profile.data;

  return (
    <>
      <PageHeader title={t('profile.title')} />
      {data ? (
        <Paper withBorder p="md" radius="md" maw={900}>
          <Group gap="xs" mb="md" wrap="wrap">
            <Text fz="sm" c="dimmed">
              {t('header.memberSince')} {formatDate(data.created_at, currentLanguage())}
            </Text>
            <Text fz="sm" c="dimmed" aria-hidden>
              ·
            </Text>
            <Text fz="sm" c="dimmed">
              {t('profile.roles')}:
            </Text>
            {data.roles.map((role) => (
              <Badge key={role.id} variant="light">
                {t(`roles.${role.name}`, { defaultValue: role.name })}
              </Badge>
            ))}
          </Group>
          <ProfileForm key={data.id} profile={data} />
        </Paper>
      ) : profile.isError ? (
        <LoadError onRetry={() => void profile.refetch()} />
      ) : (
        <Pending>
          <Center py="xl" aria-busy="true">
            <Loader />
          </Center>
        </Pending>
      )}
    </>
  );
}
