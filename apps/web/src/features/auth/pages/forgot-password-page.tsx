import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { forgotPasswordSchema } from '@tna/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forgotPassword } from '../api/accounts';
import { AuthCard } from '../components/auth-card';
import { useGuestForm } from '../components/guest-form';

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const { form, submit, pending } = useGuestForm(forgotPasswordSchema, { email: '' }, forgotPassword, () =>
    setSent(true),
  );

  return (
    <AuthCard title={t('auth.forgotLink')} subtitle={t('auth.forgotTitle')}>
      {sent ? (
        <Stack gap="sm">
          <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
            {t('accounts.forgotSent')}
          </Alert>
          <Anchor component={Link} to="/login" fz="sm">
            {t('auth.signInLink')}
          </Anchor>
        </Stack>
      ) : (
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
            <Button type="submit" fullWidth mt="xs" loading={pending}>
              {t('auth.requestNewPassword')}
            </Button>
            <Anchor component={Link} to="/login" fz="sm" mt="xs">
              {t('auth.signInLink')}
            </Anchor>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
