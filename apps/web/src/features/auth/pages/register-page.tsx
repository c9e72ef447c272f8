import { Anchor, Button, Checkbox, Group, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { AuthCard } from '../components/auth-card';
import { useGuestForm } from '../components/guest-form';
import { registerSchema } from '../schemas';

export function RegisterPage() {
  const { t } = useTranslation();
  const { form, submit } = useGuestForm(registerSchema, { email: '', password: '', retypePassword: '', terms: false });

  return (
    <AuthCard subtitle={t('auth.registerTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
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
          <Checkbox label={t('auth.agreeTerms')} {...form.getInputProps('terms', { type: 'checkbox' })} />
          <Button type="submit" fullWidth mt="xs">
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
    </AuthCard>
  );
}
