import { Box, Center, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconClipboardHeart } from '@tabler/icons-react';
import { LANGUAGES } from '@tna/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import classes from './auth-card.module.css';

/** A light language switch for the guest pages (no popover code before sign-in). */
function LanguageSwitch() {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Group gap={4} justify="center" role="group" aria-label={t('header.language')}>
      {LANGUAGES.map((language) => (
        <UnstyledButton
          key={language}
          lang={language}
          className={classes.language}
          data-active={language === active || undefined}
          aria-pressed={language === active}
          onClick={() => void changeLanguage(language)}
        >
          {t(`languages.${language}`)}
        </UnstyledButton>
      ))}
    </Group>
  );
}

/** The centred card of the guest pages: brand, a line of guidance, the form, language and version. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  const { t } = useTranslation();
  usePageTitle(title);
  return (
    <Center component="main" className={classes.page}>
      <Stack w="100%" maw={400} gap="md">
        <Group justify="center" gap="xs">
          <IconClipboardHeart size={34} stroke={1.6} aria-hidden className={classes.logo} />
          <Title order={1} fz={28}>
            {t('app.name')}
          </Title>
        </Group>
        <Paper withBorder shadow="sm" p="lg" radius="md">
          <Text ta="center" c="dimmed" mb="md" fz="sm">
            {subtitle}
          </Text>
          {children}
        </Paper>
        <LanguageSwitch />
        <Box ta="center" fz="xs" c="dimmed">
          {t('app.version')}
        </Box>
      </Stack>
    </Center>
  );
}
