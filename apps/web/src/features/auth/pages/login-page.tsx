import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { LoginInput } from '@tna/domain';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PasswordField } from '../../../components/password-field';
import { ApiError } from '../../../lib/api-error';
import { saveSession } from '../../../lib/auth-storage';
import { describeError, translateMessage } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { forgetCachedAnswers } from '../../../lib/session';
import { login } from '../api/login';
import { AuthCard } from '../components/auth-card';

type Field = keyof LoginInput;
type FieldErrors = Partial<Record<Field, string>>;

// The rules arrive with the first focus (see login-validation.ts); a submit before that waits for them.
let validation: Promise<typeof import('../api/login-validation')> | null = null;
const loadValidation = () => {
  validation ??= import('../api/login-validation');
  return validation;
};

/**
 * SPEC 2 login: email and password, 'Sign In'; SPEC 5 rules and SPEC 8 toasts. Plain state rather
 * than @mantine/form and react-query: this is the first page a phone loads, and each of them is
 * several KiB of script it would wait for (issue 15: at most 150 KiB gzip).
 */
export function LoginPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);
  // A field says "required" only once the user changed it or tried to submit (issue 15).
  const changed = useRef(new Set<Field>());
  // The reason stays on the form (a toast is gone after a few seconds, and may be missed entirely).
  const [failure, setFailure] = useState<string | null>(null);

  const change = (field: Field, value: string) => {
    changed.current.add(field);
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const blur = async (field: Field) => {
    if (!changed.current.has(field)) return;
    const { checkLogin } = await loadValidation();
    const result = checkLogin(values);
    setErrors((current) => ({ ...current, [field]: result.ok ? undefined : result.errors[field] }));
  };

  const reportFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'RATE_LIMITED') {
      // SPEC 8 leaves this case out; the server's own message says when to try again.
      const message = describeError(i18n, error);
      setFailure(message);
      notify('error', message);
      return;
    }
    if (error instanceof ApiError && error.status === 422) {
      const source = Object.keys(error.errorKeys).length ? error.errorKeys : error.errors;
      setErrors({ email: source.email?.[0], password: source.password?.[0] });
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

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    setPending(true);
    try {
      const { checkLogin, homePathFor } = await loadValidation();
      const checked = checkLogin(values);
      if (!checked.ok) {
        setErrors(checked.errors);
        notify('error', t('toast.formInvalid'));
        return;
      }
      const session = await login(checked.values);
      // Nothing a previous user's session fetched may show in this one.
      forgetCachedAnswers();
      saveSession(session);
      notify('success', t('toast.loginSuccess'));
      await navigate(homePathFor(session.roles), { replace: true });
    } catch (error) {
      reportFailure(error);
    } finally {
      setPending(false);
    }
  };

  const fieldProps = (field: Field) => ({
    value: values[field],
    onChange: (event: { currentTarget: HTMLInputElement }) => change(field, event.currentTarget.value),
    onBlur: () => void blur(field),
    error: errors[field] ? translateMessage(i18n, errors[field]) : undefined,
  });

  return (
    <AuthCard title={t('auth.signIn')} subtitle={t('auth.signInTitle')}>
      <form onSubmit={submit} onFocus={() => void loadValidation()} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.email')}
            placeholder={t('auth.emailPlaceholder')}
            type="email"
            dir="ltr"
            autoComplete="username"
            required
            withAsterisk={false}
            {...fieldProps('email')}
          />
          <PasswordField
            label={t('auth.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            {...fieldProps('password')}
          />
          {failure ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" p="xs">
              <Text fz="sm">{failure}</Text>
            </Alert>
          ) : null}
          <Button type="submit" fullWidth loading={pending} mt="xs">
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
