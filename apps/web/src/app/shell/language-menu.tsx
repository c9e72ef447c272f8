import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LANGUAGES } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, directionOf } from '../../lib/i18n';

export function LanguageMenu({ colored }: { colored: boolean }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={colored ? 'transparent' : 'subtle'}
          color={colored ? 'white' : 'gray'}
          c={colored ? 'white' : undefined}
          px="xs"
          leftSection={<IconLanguage size={20} aria-hidden />}
          aria-label={`${t('header.language')}: ${t(`languages.${active}`)}`}
        >
          <Box component="span" visibleFrom="md">
            {t(`languages.${active}`)}
          </Box>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.language')}</Menu.Label>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            dir={directionOf(language)}
            onClick={() => void changeLanguage(language)}
            rightSection={language === active ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={language === active ? 'true' : undefined}
          >
            {t(`languages.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
