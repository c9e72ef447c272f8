import { Button, Group, Paper, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormEvent, ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { applyServerErrors, describeError } from '../lib/form';
import { notify } from '../lib/notify';

interface FormCardProps {
  title: string;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  /** SPEC 5: submit stays disabled while the form is invalid. */
  canSubmit: boolean;
  saving: boolean;
  onCancel: () => void;
  children: ReactNode;
}

/** An add/edit form of an admin screen: titled card, fields, Submit and Cancel. */
export function FormCard({ title, onSubmit, canSubmit, saving, onCancel, children }: FormCardProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} fz="lg" mb="md" id={titleId}>
        {title}
      </Title>
      <form onSubmit={onSubmit} noValidate>
        {children}
        <Group mt="lg" gap="sm">
          <Button type="submit" loading={saving} disabled={!canSubmit}>
            {t('common.submit')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/**
 * Submit handler of an admin form (SPEC 4 and 8): save, toast 'Registration succeeded', reset and go
 * back to the list; on failure the server's field errors land on their fields and the toast says
 * 'Registration failed' (with the reason when it is not about a field).
 */
export function useSaveSubmit<V>(
  form: UseFormReturnType<V>,
  save: (values: V) => Promise<unknown>,
  onSaved: () => void,
) {
  const { t, i18n } = useTranslation();
  return form.onSubmit(async (values) => {
    try {
      await save(values);
      notify('success', t('toast.registrationSucceeded'));
      form.reset();
      onSaved();
    } catch (error) {
      if (applyServerErrors(form, error)) notify('error', t('toast.registrationFailed'));
      else notify('error', describeError(i18n, error), t('toast.registrationFailed'));
    }
  });
}
