import { Button, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { departmentName, unitName } from '../../../lib/localized';
import { statusLabel } from '../../assessments/components/assessment-options';
import {
  type CoreStats,
  type DepartmentFigure,
  type ProvinceFigure,
  useCoreStats,
  useDepartmentFigures,
  useProvinceFigures,
  useStatusFigures,
} from '../api/get-figures';
import { BarChart } from '../components/bar-chart';
import { formatNumber } from '../components/format-number';

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
      <Text fz={28} fw={700} c={color ? `${color}.7` : undefined} data-testid={testId ? `${testId}-value` : undefined}>
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} fz="lg" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** SPEC 2 dashboard: counts by status, by province and by department (tables and bars), refreshed every 2 minutes. */
export function DashboardPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const statuses = useStatusFigures();
  const provinces = useProvinceFigures();
  const departments = useDepartmentFigures();
  const core = useCoreStats();
  const total = (statuses.data ?? []).reduce((sum, s) => sum + s.total, 0);

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
      <Title order={3} fz="lg" mb="sm">
        {t('dashboard.byStatus')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" mb="lg">
        {(statuses.data ?? []).map((s) => (
          <FigureCard
            key={s.status}
            label={statusLabel(t, s.status)}
            value={s.total}
            color={STATUS_COLORS[s.status]}
            testId={`status-${s.status}`}
          />
        ))}
        {statuses.data ? <FigureCard label={t('dashboard.total')} value={total} testId="status-total" /> : null}
      </SimpleGrid>

      {core.data ? (
        <>
          <Title order={3} fz="lg" mb="sm">
            {t('dashboard.headline')}
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" mb="lg">
            {CORE_KEYS.map((key) => (
              <FigureCard key={key} label={t(`dashboard.core.${key}`)} value={core.data[key]} />
            ))}
          </SimpleGrid>
        </>
      ) : null}

      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md" mb="md">
        <Section title={t('dashboard.byProvince')}>
          <DataTable
            label={t('dashboard.byProvince')}
            columns={provinceColumns}
            rows={provinces.data}
            rowKey={(p) => p.id}
            loading={provinces.isPending}
            error={provinces.isError}
            onRetry={() => void provinces.refetch()}
          />
        </Section>
        <Section title={t('dashboard.provinceChart')}>
          <BarChart
            label={t('dashboard.provinceChart')}
            bars={(provinces.data ?? []).map((p) => ({
              key: String(p.id),
              label: unitName({ ...p, name_en: p.name }, language),
              value: p.number,
            }))}
          />
        </Section>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
        <Section title={t('dashboard.byDepartment')}>
          <DataTable
            label={t('dashboard.byDepartment')}
            columns={departmentColumns}
            rows={departments.data}
            rowKey={(d) => d.id}
            loading={departments.isPending}
            error={departments.isError}
            onRetry={() => void departments.refetch()}
          />
        </Section>
        <Section title={t('dashboard.departmentChart')}>
          <BarChart
            label={t('dashboard.departmentChart')}
            color="teal"
            bars={(departments.data ?? []).map((d) => ({
              key: String(d.id),
              label: departmentName(d, language),
              value: d.number,
            }))}
          />
        </Section>
      </SimpleGrid>
    </>
  );
}
