import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { recoverPasswordSchema } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { translateMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { recoverPassword } from '../api/accounts';
import { AuthCard } from '../components/auth-card';
import { useGuestForm } from '../components/guest-form';

export function RecoverPasswordPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { form, submit, pending } = useGuestForm(
    recoverPasswordSchema,
    { token, password: '', confirmPassword: '' },
    recoverPassword,
    () => {
      notify('success', t('accounts.passwordChanged'));
      void navigate('/login', { replace: true });
    },
  );
  const tokenError = form.errors.token;

  return (
    <AuthCard title={t('auth.changePassword')} subtitle={t('auth.recoverTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!token || tokenError ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert">
              {typeof tokenError === 'string' ? translateMessage(i18n, tokenError) : t('validation.resetLink')}
            </Alert>
          ) : null}
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
          <Button type="submit" fullWidth mt="xs" loading={pending} disabled={!token}>
            {t('auth.changePassword')}
          </Button>
          <Anchor component={Link} to="/forgot-password" fz="sm" mt="xs">
            {t('auth.forgotLink')}
          </Anchor>
          <Anchor component={Link} to="/login" fz="sm">
            {t('auth.signInLink')}
          </Anchor>
        </Stack>
      </form>
    </AuthCard>
  );
}
