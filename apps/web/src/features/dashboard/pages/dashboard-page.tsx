import { Box, Button, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart } from '../../../components/bar-chart';
import { type Column, DataTable, queryRows } from '../../../components/data-table';
import { PlaceholderBars, placeholderGroup, SharedOfflineNotice } from '../../../components/load-states';
import { PageHeader } from '../../../components/page-header';
import { QueryView } from '../../../components/query-view';
import { useProvinceScope } from '../../../lib/auth';
import { type DeferredView, useDeferredView } from '../../../lib/deferred-query';
import { formatList } from '../../../lib/format';
import { formatNumber } from '../../../lib/format-number';
import { currentLanguage } from '../../../lib/i18n';
import { statusLabel } from '../../../lib/labels';
import { departmentName, unitName } from '../../../lib/localized';
import {
  type CoreStats,
  type DepartmentFigure,
  type ProvinceFigure,
  type StatusFigure,
  useCoreStats,
  useDepartmentFigures,
  useProvinceFigures,
  useStatusFigures,
} from '../api/get-figures';

const STATUS_COLORS: Record<string, string> = { NEW: 'blue', APPROVED: 'green', REJECTED: 'red', ARCHIVED: 'gray' };

function FigureCard({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Text fz="sm" c="dimmed">
        {label}
      </Text>
      <Text
        fz={28}
        fw={700}
        c={color ? `var(--mantine-color-${color}-text)` : undefined}
        data-testid={testId ? `${testId}-value` : undefined}
      >
        {formatNumber(value, currentLanguage())}
      </Text>
    </Paper>
  );
}

const CORE_KEYS: readonly (keyof CoreStats)[] = [
  'assessments',
  'awaiting_review',
  'approved',
  'rejected',
  'provinces_covered',
  'facilities_covered',
  'health_facilities',
  'trainings',
  'users',
];

/** Grey tiles where the figures will be, so the page does not jump when they arrive. */
function TileSkeletons({ count }: { count: number }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" className={placeholderGroup} aria-hidden>
      <PlaceholderBars count={count} height={84} />
    </SimpleGrid>
  );
}

/** A figure by place or department: its table beside its bar chart (one above the other on a phone). */
function TableAndChart<T extends { id: number; number: number }>({
  title,
  chartTitle,
  columns,
  figures,
  name,
  color,
}: {
  title: string;
  chartTitle: string;
  columns: Column<T>[];
  figures: DeferredView<T[]>;
  name: (row: T) => string;
  color?: string;
}) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Section title={title}>
        <DataTable label={title} columns={columns} {...queryRows(figures)} rowKey={(row) => row.id} />
      </Section>
      <Section title={chartTitle}>
        <QueryView query={figures}>
          {(data) => (
            <BarChart
              label={chartTitle}
              {...(color ? { color } : {})}
              bars={data.map((row) => ({ key: String(row.id), label: name(row), value: row.number }))}
            />
          )}
        </QueryView>
      </Section>
    </SimpleGrid>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** SPEC 2 dashboard: counts by status, by province and by department (tables and bars), refreshed every 2 minutes. */
export function DashboardPage() {
  // Each answer renders this component again at once; the figures below wait for the transition
  // (lib/deferred-query.ts).
  const statuses = useDeferredView(useStatusFigures());
  const provinces = useDeferredView(useProvinceFigures());
  const departments = useDeferredView(useDepartmentFigures());
  const core = useDeferredView(useCoreStats());
  return <DashboardFigures statuses={statuses} provinces={provinces} departments={departments} core={core} />;
}

interface DashboardFiguresProps {
  statuses: DeferredView<StatusFigure[]>;
  provinces: DeferredView<ProvinceFigure[]>;
  departments: DeferredView<DepartmentFigure[]>;
  core: DeferredView<CoreStats>;
}

const DashboardFigures = memo(function DashboardFigures({
  statuses,
  provinces,
  departments,
  core,
}: DashboardFiguresProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const total = (statuses.data ?? []).reduce((sum, s) => sum + s.total, 0);
  // Which provinces the figures count (issue 13): the server counts only the reader's provinces,
  // and the figures by province list exactly those.
  const scope = useProvinceScope();
  const covered = scope
    ? t('dashboard.covers', {
        provinces: formatList(
          (provinces.data ?? [])
            .filter((p) => scope.includes(p.id))
            .map((p) => unitName({ ...p, name_en: p.name }, language)),
          language,
        ),
      })
    : t('dashboard.coversAll');

  const provinceColumns: Column<ProvinceFigure>[] = [
    { key: 'name', header: t('dashboard.province'), render: (p) => unitName({ ...p, name_en: p.name }, language) },
    { key: 'number', header: t('dashboard.number'), render: (p) => formatNumber(p.number, language), noWrap: true },
  ];
  const departmentColumns: Column<DepartmentFigure>[] = [
    { key: 'name', header: t('dashboard.department'), render: (d) => departmentName(d, language) },
    { key: 'number', header: t('dashboard.number'), render: (d) => formatNumber(d.number, language), noWrap: true },
  ];

  return (
    <>
      <PageHeader
        title={t('dashboard.title')}
        actions={
          <Button
            component={Link}
            to="/tna/export"
            variant="light"
            leftSection={<IconChartBar size={18} aria-hidden />}
          >
            {t('dashboard.advanced')}
          </Button>
        }
      />
      <Text c="dimmed" mb="md" data-testid="dashboard-scope">
        {covered}
      </Text>
      <SharedOfflineNotice waiting={[statuses, core, provinces, departments].some((q) => q.data === undefined)}>
        <Title order={2} fz="lg" mb="sm">
          {t('dashboard.byStatus')}
        </Title>
        <Box mb="lg">
          <QueryView query={statuses} skeleton={<TileSkeletons count={5} />}>
            {(data) => (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
                {data.map((s) => (
                  <FigureCard
                    key={s.status}
                    label={statusLabel(t, s.status)}
                    value={s.total}
                    color={STATUS_COLORS[s.status]}
                    testId={`status-${s.status}`}
                  />
                ))}
                <FigureCard label={t('dashboard.total')} value={total} testId="status-total" />
              </SimpleGrid>
            )}
          </QueryView>
        </Box>

        <Title order={2} fz="lg" mb="sm">
          {t('dashboard.headline')}
        </Title>
        <Box mb="lg">
          <QueryView query={core} skeleton={<TileSkeletons count={CORE_KEYS.length} />}>
            {(data) => (
              <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
                {CORE_KEYS.map((key) => (
                  <FigureCard key={key} label={t(`dashboard.core.${key}`)} value={data[key]} />
                ))}
              </SimpleGrid>
            )}
          </QueryView>
        </Box>

        <TableAndChart
          title={t('dashboard.byProvince')}
          chartTitle={t('dashboard.provinceChart')}
          columns={provinceColumns}
          figures={provinces}
          name={(p) => unitName({ ...p, name_en: p.name }, language)}
        />
        <Box mt="md">
          <TableAndChart
            title={t('dashboard.byDepartment')}
            chartTitle={t('dashboard.departmentChart')}
            columns={departmentColumns}
            figures={departments}
            name={(d) => departmentName(d, language)}
            color="teal"
          />
        </Box>
      </SharedOfflineNotice>
    </>
  );
});
