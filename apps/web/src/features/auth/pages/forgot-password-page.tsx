import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { useGuestForm } from '../components/guest-form';
import { forgotPasswordSchema } from '../schemas';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const { form, submit } = useGuestForm(forgotPasswordSchema, { email: '' });

  return (
    <AuthCard subtitle={t('auth.forgotTitle')}>
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
          <Button type="submit" fullWidth mt="xs">
            {t('auth.requestNewPassword')}
          </Button>
          <Anchor component={Link} to="/login" fz="sm" mt="xs">
            {t('auth.signInLink')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
