import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePageTitle } from '../lib/page-title';

interface PageHeaderProps {
  title: string;
  /** Buttons shown beside the title (for example Add). */
  actions?: ReactNode;
}

/** Page title (the page's one <h1>, and the tab's title) with the breadcrumb Home > Title (SPEC 2 screens). */
export function PageHeader({ title, actions }: PageHeaderProps) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb="md" gap="sm" wrap="wrap">
      <Stack gap={4}>
        <Breadcrumbs aria-label={t('app.breadcrumb')} fz="sm">
          <Anchor component={Link} to="/">
            {t('nav.home')}
          </Anchor>
          <Text fz="sm" c="dimmed" aria-current="page">
            {title}
          </Text>
        </Breadcrumbs>
        <Title order={1} fz="h2">
          {title}
        </Title>
      </Stack>
      {actions}
    </Group>
  );
}
