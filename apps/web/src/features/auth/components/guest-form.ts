import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { applyServerErrors, describeError, translatedErrors, zodValidator } from '../../../lib/form';
import { notify } from '../../../lib/notify';

/**
 * The guest forms (register, forgot and recover password): they check the form (SPEC 5), send it,
 * and put the server's field errors (422) on the form. No react-query here: the guest pages load
 * before it (see lib/session.ts), and a form that is sent once needs no cache.
 */
export function useGuestForm<Values extends Record<string, unknown>>(
  schema: z.ZodType,
  initialValues: Values,
  send: (values: Values) => Promise<unknown>,
  onSent: (values: Values) => void,
) {
  const { t, i18n } = useTranslation();
  const form = useForm<Values>({
    initialValues,
    validate: zodValidator(schema),
    validateInputOnBlur: true,
    enhanceGetInputProps: translatedErrors(i18n),
  });
  const [pending, setPending] = useState(false);
  const submit = form.onSubmit(
    async (values) => {
      if (pending) return;
      setPending(true);
      try {
        await send(values);
        onSent(values);
      } catch (error) {
        if (applyServerErrors(form, error)) notify('error', t('toast.formInvalid'));
        else notify('error', describeError(i18n, error), t('toast.operationFailed'));
      } finally {
        setPending(false);
      }
    },
    () => notify('error', t('toast.formInvalid')),
  );
  return { form, submit, pending };
}
