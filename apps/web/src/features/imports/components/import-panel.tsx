import { Alert, Button, FileInput, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconListCheck, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ImportKind, ImportMode } from '@tna/domain';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { openConfirmModal } from '../../../components/modal-host';
import { describeError } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { downloadWorkbook, reportPath, templatePath } from '../api/download';
import { importReportsKey } from '../api/get-reports';
import { type ImportDone, ImportFailed, type ImportProgress as Progressed, runImport } from '../api/run-import';
import { formatCount } from './format-count';
import { ImportProgress } from './import-progress';
import { ImportResult } from './import-result';

function Step({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="lg" mb="xs" id={id}>
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/**
 * One kind of import in three steps: download the template, check a file (a dry run that writes
 * nothing), then import the rows that passed. The check's result stays until another file is chosen.
 */
export function ImportPanel({ kind }: { kind: ImportKind }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportDone | null>(null);
  const [imported, setImported] = useState<ImportDone | null>(null);
  const [running, setRunning] = useState<{ mode: ImportMode; progress: Progressed } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [downloading, setDownloading] = useState<string | null>(null);
  const abort = useRef<(() => void) | null>(null);
  useEffect(() => () => abort.current?.(), []);

  const n = (value: number) => formatCount(value, i18n.resolvedLanguage);
  const writable = checked ? checked.summary.create + checked.summary.update : 0;

  const download = async (key: string, path: string, name: string) => {
    setDownloading(key);
    try {
      await downloadWorkbook(path, currentLanguage(), name);
    } catch (error) {
      notify('error', describeError(i18n, error));
    } finally {
      setDownloading(null);
    }
  };

  const run = async (mode: ImportMode) => {
    if (!file) return;
    setFailure(null);
    if (mode === 'check') setChecked(null);
    setImported(null);
    setRunning({ mode, progress: { phase: 'upload', fraction: 0, rows: 0 } });
    const job = runImport(kind, mode, file, currentLanguage(), (progress) => setRunning({ mode, progress }));
    abort.current = job.abort;
    try {
      const result = await job.done;
      if (mode === 'check') setChecked(result);
      else {
        setImported(result);
        setChecked(null);
        notify('success', t('imports.page.importedToast', { count: n(result.summary.written) }));
      }
      void queryClient.invalidateQueries({ queryKey: importReportsKey(kind) });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setFailure(error instanceof ImportFailed ? error.message : describeError(i18n, error));
    } finally {
      abort.current = null;
      setRunning(null);
    }
  };

  const confirmImport = () =>
    openConfirmModal({
      title: t('confirm.title'),
      centered: true,
      closeButtonProps: { 'aria-label': t('common.close') },
      children: <Text fz="sm">{t('imports.page.confirmImport', { count: n(writable) })}</Text>,
      labels: { confirm: t('confirm.yes'), cancel: t('confirm.no') },
      confirmProps: { 'data-autofocus': true },
      onConfirm: () => void run('confirm'),
    });

  const report = (result: ImportDone) => (
    <ImportResult
      result={result}
      downloading={downloading === `report-${result.report_id}`}
      onDownload={() =>
        void download(`report-${result.report_id}`, reportPath(result.report_id), `${kind}_report.xlsx`)
      }
    />
  );

  return (
    <Stack gap="md">
      <Step title={t('imports.page.templateTitle')}>
        <Text fz="sm">{t(`imports.page.templateText.${kind}`)}</Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={18} aria-hidden />}
            loading={downloading === 'template'}
            onClick={() => void download('template', templatePath(kind, currentLanguage()), `${kind}_template.xlsx`)}
          >
            {t('imports.page.downloadTemplate')}
          </Button>
        </Group>
      </Step>

      <Step title={t('imports.page.checkTitle')}>
        <Text fz="sm">{t('imports.page.checkText')}</Text>
        <FileInput
          label={t('imports.page.file')}
          placeholder={t('imports.page.choose')}
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
          value={file}
          clearable
          disabled={running !== null}
          onChange={(value) => {
            setFile(value);
            setChecked(null);
            setImported(null);
            setFailure(null);
          }}
        />
        <Group>
          <Button
            leftSection={<IconListCheck size={18} aria-hidden />}
            disabled={!file || running !== null}
            loading={running?.mode === 'check'}
            onClick={() => void run('check')}
          >
            {t('imports.page.check')}
          </Button>
        </Group>
        {running?.mode === 'check' ? <ImportProgress progress={running.progress} /> : null}
        {failure && !running ? (
          <Alert color="red" role="alert" title={t('imports.page.failed')}>
            {failure}
          </Alert>
        ) : null}
        {checked ? report(checked) : null}
      </Step>

      <Step title={t('imports.page.importTitle')}>
        <Text fz="sm">{t('imports.page.importText')}</Text>
        {checked && writable === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('imports.page.nothingToImport')}
          </Text>
        ) : null}
        <Group>
          <Button
            color="green"
            leftSection={<IconUpload size={18} aria-hidden />}
            disabled={!checked || writable === 0 || running !== null}
            loading={running?.mode === 'confirm'}
            onClick={confirmImport}
          >
            {checked ? t('imports.page.importRows', { count: n(writable) }) : t('imports.page.importAfterCheck')}
          </Button>
        </Group>
        {running?.mode === 'confirm' ? <ImportProgress progress={running.progress} /> : null}
        {imported ? report(imported) : null}
      </Step>
    </Stack>
  );
}
