import { Alert } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';

/** A screen whose content belongs to a later release: its title, breadcrumb and one line. */
export function ComingSoonPage({ titleKey, lineKey = 'pages.comingSoon' }: { titleKey: string; lineKey?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Alert variant="light" color="blue" icon={<IconClockHour4 aria-hidden />}>
        {t(lineKey)}
      </Alert>
    </>
  );
}
