import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { homePathFor, type LoginInput, loginSchema } from '@tna/domain';
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

  const reportFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
      // SPEC 8 leaves this case out; the server's own message says when to try again.
      notify('error', describeError(i18n, error));
      return;
    }
    if (error instanceof ApiError && error.status === 422) applyServerErrors(form, error);
    // Wrong credentials get the failure text alone; anything unexpected shows its message first.
    else if (!(error instanceof ApiError && error.status === 401)) notify('error', describeError(i18n, error));
    notify('error', t('toast.loginFailed'));
  };

  const submit = form.onSubmit(
    async (values) => {
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
    <AuthCard subtitle={t('auth.signInTitle')}>
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
