import { ActionIcon, Code, Popover, ScrollArea, Stack, Text, Tooltip, useDirection } from '@mantine/core';
import { IconBraces } from '@tabler/icons-react';
import type { AuditEntryDto } from '@tna/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './audit-values.module.css';

/** Longer values are cut here; the full entry is one click away. */
const MAX_VALUE_LENGTH = 48;
/** More changed fields than this are summed up as 'and N more'. */
const MAX_LINES = 6;

type Translate = (key: string, options?: Record<string, unknown>) => string;

function text(value: unknown, t: Translate): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? t('common.yes') : t('common.no');
  if (Array.isArray(value)) return value.length ? value.map((v) => text(v, t)).join(', ') : '[ ]';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

function cut(value: string): string {
  return value.length > MAX_VALUE_LENGTH ? `${value.slice(0, MAX_VALUE_LENGTH - 1)}…` : value;
}

/** One line per field: `field: value`, or `field: old → new` for an update. */
function Lines({ lines }: { lines: { key: string; content: ReactNode }[] }) {
  const { t } = useTranslation();
  const shown = lines.slice(0, MAX_LINES);
  return (
    <Stack gap={2} className={classes.lines}>
      {shown.map((line) => (
        <div key={line.key} className={classes.line}>
          <bdi className={classes.field}>{line.key}</bdi>: {line.content}
        </div>
      ))}
      {lines.length > shown.length ? (
        <Text fz="xs" c="dimmed">
          {t('logs.moreFields', { count: lines.length - shown.length })}
        </Text>
      ) : null}
    </Stack>
  );
}

/** For an update: what changed, field by field, old to new. */
export function AuditChanges({ entry }: { entry: AuditEntryDto }) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  const arrow = dir === 'rtl' ? '←' : '→';
  const oldValues = entry.old_values ?? {};
  const newValues = entry.new_values ?? {};
  const keys = [...new Set([...Object.keys(oldValues), ...Object.keys(newValues)])];
  if (!keys.length) return <Text c="dimmed">—</Text>;
  return (
    <Lines
      lines={keys.map((key) => ({
        key,
        content: (
          <>
            <bdi className={classes.old}>{cut(text(oldValues[key], t))}</bdi> <span aria-hidden>{arrow}</span>
            <span className={classes.srOnly}>{t('logs.changedTo')}</span>{' '}
            <bdi className={classes.new}>{cut(text(newValues[key], t))}</bdi>
          </>
        ),
      }))}
    />
  );
}

/** For a create or a delete: the record's values. */
export function AuditValues({ values }: { values: Record<string, unknown> | null }) {
  const { t } = useTranslation();
  const keys = Object.keys(values ?? {});
  if (!values || !keys.length) return <Text c="dimmed">—</Text>;
  return <Lines lines={keys.map((key) => ({ key, content: <bdi>{cut(text(values[key], t))}</bdi> }))} />;
}

/** The whole entry's old and new values as JSON, on demand. */
export function AuditJson({ entry }: { entry: AuditEntryDto }) {
  const { t } = useTranslation();
  if (!entry.old_values && !entry.new_values) return null;
  const json = JSON.stringify({ old_values: entry.old_values, new_values: entry.new_values }, null, 2);
  const label = t('logs.showJson', { id: entry.id });
  return (
    <Popover width={420} position="bottom-end" withArrow shadow="md" withinPortal>
      <Popover.Target>
        <Tooltip label={t('logs.json')} withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label={label}>
            <IconBraces size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown maw="calc(100vw - 24px)">
        <ScrollArea.Autosize mah={360} type="auto">
          <Code block dir="ltr" className={classes.json}>
            {json}
          </Code>
        </ScrollArea.Autosize>
      </Popover.Dropdown>
    </Popover>
  );
}
