import { Alert, Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { registerSchema } from '@tna/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { register } from '../api/accounts';
import { AuthCard } from '../components/auth-card';
import { useGuestForm } from '../components/guest-form';

export function RegisterPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const { form, submit, pending } = useGuestForm(
    registerSchema,
    { name: '', email: '', password: '', retypePassword: '', agree: false },
    (values) => register({ ...values, name: values.name?.trim() || null }),
    () => setSent(true),
  );

  return (
    <AuthCard title={t('auth.register')} subtitle={t('auth.registerTitle')}>
      {sent ? (
        <Stack gap="sm">
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('accounts.registerSent')}
          </Alert>
          <Anchor component={Link} to="/login" fz="sm">
            {t('auth.signInLink')}
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('accounts.nameOptional')}
              autoComplete="name"
              {...form.getInputProps('name')}
              value={form.values.name ?? ''}
            />
            <TextInput
              label={t('auth.email')}
              placeholder={t('auth.emailPlaceholder')}
              type="email"
              dir="ltr"
              autoComplete="email"
              required
              withAsterisk={false}
              {...form.getInputProps('email')}
            />
            <PasswordField
              label={t('auth.password')}
              autoComplete="new-password"
              required
              withAsterisk={false}
              {...form.getInputProps('password')}
            />
            <PasswordField
              label={t('auth.retypePassword')}
              autoComplete="new-password"
              required
              withAsterisk={false}
              {...form.getInputProps('retypePassword')}
            />
            <Checkbox label={t('auth.agreeTerms')} {...form.getInputProps('agree', { type: 'checkbox' })} />
            <Button type="submit" fullWidth mt="xs" loading={pending}>
              {t('auth.register')}
            </Button>
            <Group justify="space-between" mt="xs">
              <Anchor component={Link} to="/login" fz="sm">
                {t('auth.haveAccount')}
              </Anchor>
              <Anchor component={Link} to="/" fz="sm">
                {t('nav.home')}
              </Anchor>
            </Group>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
