import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

interface PageHeaderProps {
  title: string;
  /** Buttons shown beside the title (for example Add). */
  actions?: ReactNode;
}

/** Page title with the breadcrumb Home > Title (SPEC 2 screens). */
export function PageHeader({ title, actions }: PageHeaderProps) {
  const { t } = useTranslation();
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
        <Title order={2}>{title}</Title>
      </Stack>
      {actions}
    </Group>
  );
}
