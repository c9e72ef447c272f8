import { Button, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Bar, BarChart } from '../../../components/bar-chart';
import { type Column, DataTable, queryRows } from '../../../components/data-table';
import { ListSkeleton } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { QueryView } from '../../../components/query-view';
import { Select } from '../../../components/select';
import { useDepartments } from '../../../lib/api/get-departments';
import { usePositions } from '../../../lib/api/get-positions';
import { useProvinces } from '../../../lib/api/get-provinces';
import { educationLabel, experienceLabel, genderLabel } from '../../../lib/assessment-labels';
import { useProvinceScope } from '../../../lib/auth';
import { describeError } from '../../../lib/form';
import { formatNumber } from '../../../lib/format-number';
import { currentLanguage } from '../../../lib/i18n';
import { statusLabel } from '../../../lib/labels';
import { departmentName, titleOf, unitName } from '../../../lib/localized';
import { notify } from '../../../lib/notify';
import {
  type AnalyticsFilters,
  downloadTrainingNeeds,
  type KeyedCount,
  type TrainingNeed,
  useAnalyticsConfig,
  useAnalyticsSummary,
  useTrainingNeeds,
} from '../api/get-analytics';

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function BuiltInAnalytics() {
  const { t, i18n } = useTranslation();
  const language = currentLanguage();
  const [filters, setFilters] = useState<AnalyticsFilters>({ province: null, department: null, position: null });
  const [exporting, setExporting] = useState(false);
  const summary = useAnalyticsSummary(filters, true);
  const trainings = useTrainingNeeds(filters, true);
  const provinces = useProvinces();
  // Only the provinces the reader works in: the figures of any other are empty.
  const scope = useProvinceScope();
  const departments = useDepartments();
  const positions = usePositions();

  const provinceName = (id: string | null) => {
    const province = provinces.data?.find((p) => String(p.id) === id);
    return province ? unitName(province, language) : (id ?? '');
  };
  const bars = (rows: KeyedCount[] | undefined, label: (key: string) => string): Bar[] =>
    (rows ?? []).map((r) => ({
      key: r.key ?? '-',
      label: r.key ? label(r.key) : t('analytics.unknown'),
      value: r.number,
    }));

  const positionOptions = (positions.data ?? [])
    .filter((p) => !filters.department || String(p.department_id) === filters.department)
    .map((p) => ({ value: String(p.id), label: titleOf(p, language) }));

  const columns: Column<TrainingNeed>[] = [
    { key: 'rank', header: t('analytics.rank'), render: (_, n) => n, width: 60 },
    { key: 'training', header: t('analytics.training'), render: (r) => titleOf(r, language) },
    {
      key: 'department',
      header: t('analytics.department'),
      render: (r) =>
        departmentName({ name: r.department, name_dr: r.department_dr, name_pa: r.department_pa }, language),
    },
    { key: 'score', header: t('analytics.score'), render: (r) => formatNumber(r.score, language), noWrap: true },
    {
      key: 'requests',
      header: t('analytics.requests'),
      render: (r) => formatNumber(r.requests, language),
      noWrap: true,
    },
    {
      key: 'first',
      header: t('analytics.firstChoice'),
      render: (r) => formatNumber(r.first_choice, language),
      noWrap: true,
    },
  ];

  const exportXlsx = async () => {
    setExporting(true);
    try {
      await downloadTrainingNeeds(filters);
    } catch (error) {
      notify('error', describeError(i18n, error), t('toast.operationFailed'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Paper withBorder p="md" radius="md" mb="md" aria-label={t('analytics.filters')} component="section">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('analytics.province')}
            placeholder={t('common.all')}
            data={(provinces.data ?? [])
              .filter((p) => !scope || scope.includes(p.id))
              .map((p) => ({ value: String(p.id), label: unitName(p, language) }))}
            value={filters.province ?? null}
            onChange={(value) => setFilters((f) => ({ ...f, province: value }))}
            clearable
            searchable
            w={220}
          />
          <Select
            label={t('analytics.department')}
            placeholder={t('common.all')}
            data={(departments.data ?? []).map((d) => ({ value: String(d.id), label: departmentName(d, language) }))}
            value={filters.department ?? null}
            onChange={(value) => setFilters((f) => ({ ...f, department: value, position: null }))}
            clearable
            searchable
            w={220}
          />
          <Select
            label={t('analytics.position')}
            placeholder={t('common.all')}
            data={positionOptions}
            value={filters.position ?? null}
            onChange={(value) => setFilters((f) => ({ ...f, position: value }))}
            clearable
            searchable
            w={220}
          />
        </Group>
      </Paper>

      <QueryView query={summary}>
        {(data) => (
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" mb="md">
            <ChartCard title={t('analytics.byStatus')}>
              <BarChart label={t('analytics.byStatus')} bars={bars(data.status, (k) => statusLabel(t, k))} />
            </ChartCard>
            <ChartCard title={t('analytics.byGender')}>
              <BarChart
                label={t('analytics.byGender')}
                color="grape"
                bars={bars(data.gender, (k) => genderLabel(t, k))}
              />
            </ChartCard>
            <ChartCard title={t('analytics.byEducation')}>
              <BarChart
                label={t('analytics.byEducation')}
                color="teal"
                bars={bars(data.education_level, (k) => educationLabel(t, k))}
              />
            </ChartCard>
            <ChartCard title={t('analytics.byExperience')}>
              <BarChart
                label={t('analytics.byExperience')}
                color="orange"
                bars={bars(data.experience, (k) => experienceLabel(t, k))}
              />
            </ChartCard>
            <ChartCard title={t('analytics.byProvince')}>
              <BarChart label={t('analytics.byProvince')} color="indigo" bars={bars(data.province, provinceName)} />
            </ChartCard>
          </SimpleGrid>
        )}
      </QueryView>

      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="sm" wrap="wrap">
          <Title order={2} fz="md">
            {t('analytics.ranking')}
          </Title>
          <Button
            variant="light"
            color="green"
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            loading={exporting}
            onClick={() => void exportXlsx()}
          >
            {t('analytics.export')}
          </Button>
        </Group>
        <Text fz="xs" c="dimmed" mb="sm">
          {t('analytics.weighting')}
        </Text>
        <DataTable
          label={t('analytics.ranking')}
          columns={columns}
          {...queryRows(trainings)}
          rowKey={(r) => r.id}
          busy={trainings.isPlaceholderData}
          minWidth={640}
        />
      </Paper>
    </>
  );
}

/** SPEC 2 Analytics: the configured dashboard embedded, or the built-in figures and training-needs ranking. */
export function AnalyticsPage() {
  const { t } = useTranslation();
  const config = useAnalyticsConfig();
  const embed = config.data?.embed_url;
  return (
    <>
      <PageHeader title={t('pages.titles.export')} />
      {config.isPending ? (
        <ListSkeleton />
      ) : embed ? (
        <iframe
          src={embed}
          title={t('pages.titles.export')}
          style={{ width: '100%', height: 900, border: 0 }}
          allowFullScreen
        />
      ) : (
        <BuiltInAnalytics />
      )}
    </>
  );
}
