import { Alert } from '@mantine/core';
import { IconChartPie } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';

/** SPEC 2 dashboard: the figures arrive with the dashboard issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <Alert variant="light" color="blue" icon={<IconChartPie aria-hidden />}>
        {t('dashboard.later')}
      </Alert>
    </>
  );
}
