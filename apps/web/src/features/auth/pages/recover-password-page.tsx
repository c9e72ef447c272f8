import { Anchor, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { AuthCard } from '../components/auth-card';
import { useGuestForm } from '../components/guest-form';
import { recoverPasswordSchema } from '../schemas';

export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const { form, submit } = useGuestForm(recoverPasswordSchema, { password: '', confirmPassword: '' });

  return (
    <AuthCard subtitle={t('auth.recoverTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <PasswordField
            label={t('auth.newPassword')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          <PasswordField
            label={t('auth.confirmPassword')}
            autoComplete="new-password"
            required
            withAsterisk={false}
            {...form.getInputProps('confirmPassword')}
          />
          <Button type="submit" fullWidth mt="xs">
            {t('auth.changePassword')}
          </Button>
          <Anchor component={Link} to="/login" fz="sm" mt="xs">
            {t('auth.signInLink')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
