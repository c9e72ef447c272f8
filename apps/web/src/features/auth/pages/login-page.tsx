import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { homePathFor, type LoginInput, loginSchema } from '@tna/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-error';
import { saveSession } from '../../../lib/auth-storage';
import { applyServerErrors, describeError, translatedErrors, zodValidator } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/auth-card';

const validateLogin = zodValidator(loginSchema);

/** SPEC 2 login: email and password, 'Sign In'; SPEC 5 rules and SPEC 8 toasts. */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: validateLogin,
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });

  // The reason stays on the form (a toast is gone after a few seconds, and may be missed entirely).
  const [failure, setFailure] = useState<string | null>(null);

  const reportFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
      // SPEC 8 leaves this case out; the server's own message says when to try again.
      const message = describeError(i18n, error);
      setFailure(message);
      notify('error', message);
      return;
    }
    if (error instanceof ApiError && error.status === 422) {
      applyServerErrors(form, error);
      setFailure(null);
    } else if (error instanceof ApiError && error.status === 401) {
      // Wrong credentials get the failure text alone.
      setFailure(t('toast.loginFailed'));
    } else {
      // Anything unexpected shows its message first.
      const message = describeError(i18n, error);
      setFailure(message);
      notify('error', message);
    }
    notify('error', t('toast.loginFailed'));
  };

  const submit = form.onSubmit(
    async (values) => {
      setFailure(null);
      try {
        const session = await login.mutateAsync(loginSchema.parse(values));
        queryClient.clear();
        saveSession(session);
        notify('success', t('toast.loginSuccess'));
        await navigate(homePathFor(session.roles), { replace: true });
      } catch (error) {
        reportFailure(error);
      }
    },
    () => notify('error', t('toast.formInvalid')),
  );

  return (
    <AuthCard title={t('auth.signIn')} subtitle={t('auth.signInTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            dir="ltr"
            autoComplete="username"
            required
            withAsterisk={false}
            {...form.getInputProps('email')}
          />
          <PasswordField
            label={t('auth.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            {...form.getInputProps('password')}
          />
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" p="xs">
              <Text fz="sm">{failure}</Text>
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={login.isPending} mt="xs">
            {t('auth.signIn')}
          </Button>
          <Stack gap={4} mt="xs" fz="sm">
            <Anchor component={Link} to="/forgot-password" fz="sm">
              {t('auth.forgotLink')}
            </Anchor>
            <Anchor component={Link} to="/register" fz="sm">
              {t('auth.registerLink')}
            </Anchor>
          </Stack>
        </Stack>
      </form>
    </AuthCard>
  );
}
