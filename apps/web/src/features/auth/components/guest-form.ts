import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { translatedErrors, zodValidator } from '../../../lib/form';
import { notify } from '../../../lib/notify';

/**
 * The guest forms whose real behaviour comes later (register, forgot and recover password): they
 * check the form (SPEC 5) and, when it is valid, say that an administrator handles accounts for now.
 */
export function useGuestForm<Values extends Record<string, unknown>>(schema: z.ZodType, initialValues: Values) {
  const { t, i18n } = useTranslation();
  const form = useForm<Values>({
    initialValues,
    validate: zodValidator(schema),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  const submit = form.onSubmit(
    () => notify('info', t('toast.adminHandlesAccounts')),
    () => notify('error', t('toast.formInvalid')),
  );
  return { form, submit };
}
