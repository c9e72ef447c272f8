import {
  Button,
  CloseButton,
  ColorSwatch,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Title,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { type DisplaySettings, NAVBAR_VARIANTS, type SidebarSkin } from './display-settings';
import classes from './shell.module.css';

export interface ControlSettingsProps {
  settings: DisplaySettings;
  onChange: (patch: Partial<DisplaySettings>) => void;
  onReset: () => void;
  onClose: () => void;
}

const SWATCH: Record<string, string> = {
  default: 'var(--mantine-color-body)',
  dark: 'var(--mantine-color-dark-6)',
};

/** SPEC 2 control sidebar's settings: dark mode, navbar colour, sidebar skin and the side menu toggle. */
export default function ControlSettings({ settings, onChange, onReset, onClose }: ControlSettingsProps) {
  const { t } = useTranslation();
  const { setColorScheme, clearColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';

  return (
    <>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="lg">
          {t('settings.title')}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('settings.close')} />
      </Group>
      <Stack gap="lg">
        <Switch
          label={t('settings.darkMode')}
          checked={dark}
          onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
        />
        <Switch
          label={t('settings.sidebarCollapsed')}
          checked={settings.sidebarCollapsed}
          onChange={(event) => onChange({ sidebarCollapsed: event.currentTarget.checked })}
        />
        <Stack gap={6}>
          <Text fw={600} fz="sm" id="navbar-variant-label">
            {t('settings.navbarVariant')}
          </Text>
          <Group gap="xs" role="radiogroup" aria-labelledby="navbar-variant-label">
            {NAVBAR_VARIANTS.map((variant) => {
              const checked = settings.navbarVariant === variant;
              return (
                <ColorSwatch
                  key={variant}
                  component="button"
                  type="button"
                  role="radio"
                  aria-checked={checked}
                  aria-label={t(`settings.colors.${variant}`)}
                  title={t(`settings.colors.${variant}`)}
                  color={SWATCH[variant] ?? `var(--mantine-color-${variant}-7)`}
                  className={classes.swatch}
                  onClick={() => onChange({ navbarVariant: variant })}
                  withShadow
                >
                  {checked && <IconCheck size={14} color={variant === 'default' ? undefined : 'white'} aria-hidden />}
                </ColorSwatch>
              );
            })}
          </Group>
        </Stack>
        <Stack gap={6}>
          <Text fw={600} fz="sm" id="sidebar-skin-label">
            {t('settings.sidebarSkin')}
          </Text>
          <SegmentedControl
            aria-labelledby="sidebar-skin-label"
            value={settings.sidebarSkin}
            onChange={(value) => onChange({ sidebarSkin: value as SidebarSkin })}
            data={[
              { value: 'light', label: t('settings.skinLight') },
              { value: 'dark', label: t('settings.skinDark') },
            ]}
            fullWidth
          />
        </Stack>
        <Button
          variant="default"
          onClick={() => {
            onReset();
            clearColorScheme();
          }}
        >
          {t('settings.reset')}
        </Button>
      </Stack>
    </>
  );
}
