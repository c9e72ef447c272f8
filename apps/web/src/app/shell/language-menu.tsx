import { Box, Button, Group, Image, Text } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { LANGUAGE_OPTIONS } from '@tna/domain';
import { useTranslation } from 'react-i18next';
import { DeferredMenu } from '../../components/deferred-menu';
import { changeLanguage, currentLanguage, directionOf } from '../../lib/i18n';

export function LanguageMenu({ colored }: { colored: boolean }) {
  const { t } = useTranslation();
  const active = currentLanguage();
  return (
    <DeferredMenu
      position="bottom-end"
      withinPortal
      target={
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
      }
    >
      {(Menu) => (
        <>
          <Menu.Label>{t('header.language')}</Menu.Label>
          {/* SPEC 3 language option: each one's image, name and shorthand. */}
          {LANGUAGE_OPTIONS.map(({ code, shorthand, image }) => (
            <Menu.Item
              key={code}
              lang={code}
              dir={directionOf(code)}
              onClick={() => void changeLanguage(code)}
              leftSection={<Image src={image} alt="" w={20} h={20} />}
              rightSection={code === active ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={code === active ? 'true' : undefined}
            >
              <Group gap="xs" wrap="nowrap" justify="space-between">
                <span>{t(`languages.${code}`)}</span>
                <Text component="span" fz="xs" c="dimmed" dir="ltr">
                  {shorthand}
                </Text>
              </Group>
            </Menu.Item>
          ))}
        </>
      )}
    </DeferredMenu>
  );
}
