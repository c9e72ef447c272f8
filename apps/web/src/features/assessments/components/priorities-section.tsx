import { Button, Group, SimpleGrid, Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type DepartmentDto, encodeMessage } from '@tna/domain';
import { memo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../../components/select';
import { departmentOptions, searchableProps, titleOptions } from '../../../components/select-options';
import { useTrainingsByDepartment } from '../../../lib/api/get-trainings-by-department';
import { formatNumber, localDigits } from '../../../lib/digits';
import { translateMessage } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName, titleOf } from '../../../lib/localized';
import { useTrainingsOfDepartments } from '../api/get-trainings-by-department';
import classes from './assessment-form.module.css';
import { PRIORITY_OPTIONS } from './assessment-options';
import type { AssessmentFormValues, PriorityRow } from './assessment-values';
import { loadedRules } from './rules-loader';

interface LineDraft {
  department: string | null;
  training: string | null;
  priority: string | null;
}

const EMPTY_LINE: LineDraft = { department: null, training: null, priority: null };

interface PrioritiesSectionProps {
  form: UseFormReturnType<AssessmentFormValues>;
  /** The lines in the form now (the form is uncontrolled; its owner passes them down). */
  rows: readonly PriorityRow[];
  departments: readonly DepartmentDto[] | undefined;
}

/**
 * SPEC 2 section 6: the table of added training needs, and a sub-form (department, training,
 * priority) whose Next button appends a line and starts the sub-form again. A training can be in the
 * list once; trainings already added are shown but cannot be chosen again.
 */
function PrioritiesLines({ form, rows, departments }: PrioritiesSectionProps) {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const [line, setLine] = useState<LineDraft>(EMPTY_LINE);
  const departmentRef = useRef<HTMLInputElement>(null);
  const departmentId = line.department ? Number(line.department) : null;
  const offered = useTrainingsByDepartment(departmentId);
  const trainingsById = useTrainingsOfDepartments(rows.map((row) => row.department));
  const departmentsById = new Map((departments ?? []).map((d) => [d.id, d]));
  const added = new Set(rows.map((row) => row.training));
  const searchable = {
    ...searchableProps(t('common.nothingFound')),
    // Not autoSelectOnBlur: see form-fields.tsx.
    selectFirstOptionOnChange: true,
  };

  // The rules come with the form's first touch (rules-loader.ts), long before a line is chosen here.
  const parsed = loadedRules()?.parseLine(line) ?? { success: false as const };
  const duplicate = parsed.success && added.has(parsed.data.training);
  const canAdd = parsed.success && !duplicate;
  const listError = form.errors.priorities;

  const trainingOptions = titleOptions(offered.data, language).map((option) => ({
    ...option,
    disabled: added.has(Number(option.value)),
  }));

  const addLine = () => {
    if (!parsed.success || duplicate) return;
    form.insertListItem('priorities', parsed.data);
    form.clearFieldError('priorities');
    setLine(EMPTY_LINE);
    departmentRef.current?.focus();
  };

  const removeLine = (index: number) => {
    form.removeListItem('priorities', index);
    // Keep the keyboard where it was: on the next line's Delete, or the sub-form when none is left.
    requestAnimationFrame(() => {
      const buttons = document.querySelectorAll<HTMLButtonElement>('[data-priority-delete]');
      const next = buttons[Math.min(index, buttons.length - 1)];
      if (next) next.focus();
      else departmentRef.current?.focus();
    });
  };

  const rowError = (index: number) => {
    const messages = ['department', 'training', 'priority']
      .map((field) => form.errors[`priorities.${index}.${field}`])
      .filter((message): message is string => typeof message === 'string');
    return messages.length ? translateMessage(i18n, messages[0]!) : null;
  };

  return (
    <>
      {/* No minimum width: on a 375 px phone the table fits its card (text wraps) instead of hiding
          the delete buttons off to the side. */}
      <Table.ScrollContainer minWidth={0} type="native">
        <Table withTableBorder verticalSpacing="xs" aria-label={t('tna.form.prioritiesTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('tna.form.department')}</Table.Th>
              <Table.Th scope="col">{t('tna.form.training')}</Table.Th>
              <Table.Th scope="col" w={70}>
                {t('tna.form.priority')}
              </Table.Th>
              <Table.Th scope="col" w={90}>
                {t('common.action')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.length ? (
              rows.map((row, index) => {
                const department = departmentsById.get(row.department);
                const training = trainingsById.get(row.training);
                const trainingName = training ? titleOf(training, language) : `#${row.training}`;
                const error = rowError(index);
                return (
                  <Table.Tr key={row.training} data-priority-row>
                    <Table.Td>{department ? departmentName(department, language) : `#${row.department}`}</Table.Td>
                    <Table.Td>
                      {trainingName}
                      {error ? (
                        <Text c="red" fz="xs" role="alert">
                          {error}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{formatNumber(Number(row.priority), language)}</Table.Td>
                    <Table.Td>
                      <Button
                        type="button"
                        size="compact-sm"
                        variant="light"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        aria-label={t('tna.form.deleteLine', { training: trainingName })}
                        data-priority-delete
                        onClick={() => removeLine(index)}
                      >
                        {t('common.delete')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            ) : (
              <Table.Tr>
                <Table.Td colSpan={4}>
                  <Text c="dimmed" ta="center" fz="sm" py="xs">
                    {t('tna.form.noPriorities')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {typeof listError === 'string' ? (
        <Text c="red" fz="sm" mt={4} role="alert">
          {translateMessage(i18n, listError)}
        </Text>
      ) : null}

      <fieldset className={classes.subForm} aria-describedby="tna-priority-hint">
        <legend className={classes.subFormLegend}>{t('tna.form.addTraining')}</legend>
        <Text id="tna-priority-hint" c="dimmed" fz="xs" mb="xs">
          {t('tna.form.addTrainingHint')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          <Select
            ref={departmentRef}
            id="tna-line-department"
            label={t('tna.form.department')}
            placeholder={t('tna.form.selectDepartment')}
            data={departmentOptions(departments, language)}
            value={line.department}
            onChange={(value) => setLine({ department: value, training: null, priority: line.priority })}
            allowDeselect={false}
            {...searchable}
            // Focus comes back here after Next; the list opens when the officer types or presses a key.
            openOnFocus={false}
          />
          <Select
            id="tna-line-training"
            label={t('tna.form.training')}
            placeholder={departmentId ? t('tna.form.selectTraining') : t('tna.form.chooseDepartmentFirst')}
            data={trainingOptions}
            value={line.training}
            onChange={(value) => setLine({ ...line, training: value })}
            disabled={!departmentId}
            allowDeselect={false}
            error={duplicate ? translateMessage(i18n, encodeMessage('validation.duplicateTraining')) : undefined}
            {...searchable}
            nothingFoundMessage={offered.isPending ? t('app.loading') : t('common.nothingFound')}
          />
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <Select
              id="tna-line-priority"
              label={t('tna.form.priority')}
              placeholder={t('tna.form.selectPriority')}
              data={PRIORITY_OPTIONS.map((o) => ({ ...o, label: localDigits(o.label, language) }))}
              value={line.priority}
              onChange={(value) => setLine({ ...line, priority: value })}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              style={{ flex: 1 }}
            />
            <Button type="button" onClick={addLine} disabled={!canAdd} leftSection={<IconPlus size={16} aria-hidden />}>
              {t('tna.form.next')}
            </Button>
          </Group>
        </SimpleGrid>
      </fieldset>
    </>
  );
}

/** The errors of the priority list and its lines, as one comparable text. */
function priorityErrors(form: UseFormReturnType<AssessmentFormValues>): string {
  return Object.entries(form.errors)
    .filter(([field]) => field.startsWith('priorities'))
    .map(([field, message]) => `${field}=${String(message)}`)
    .join('\n');
}

/** Rendered again only when its lines, the departments or its own errors change (see sameSection). */
export const PrioritiesSection = memo(
  PrioritiesLines,
  (prev, next) =>
    prev.rows === next.rows &&
    prev.departments === next.departments &&
    priorityErrors(prev.form) === priorityErrors(next.form),
);
