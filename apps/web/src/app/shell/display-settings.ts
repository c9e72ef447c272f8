import { useLocalStorage } from '@mantine/hooks';
import { useCallback } from 'react';

export const NAVBAR_VARIANTS = ['default', 'blue', 'indigo', 'teal', 'green', 'orange', 'red', 'dark'] as const;
export type NavbarVariant = (typeof NAVBAR_VARIANTS)[number];

export const SIDEBAR_SKINS = ['light', 'dark'] as const;
export type SidebarSkin = (typeof SIDEBAR_SKINS)[number];

/** Display settings remembered across visits (SPEC 3). Dark mode is kept by Mantine's colour scheme manager. */
export interface DisplaySettings {
  navbarVariant: NavbarVariant;
  sidebarSkin: SidebarSkin;
  /** SPEC 2: the side menu starts collapsed. */
  sidebarCollapsed: boolean;
}

export const DEFAULT_DISPLAY_SETTINGS: DisplaySettings = {
  navbarVariant: 'default',
  sidebarSkin: 'dark',
  sidebarCollapsed: true,
};

function sanitize(value: unknown): DisplaySettings {
  const v = value && typeof value === 'object' ? (value as Partial<Record<keyof DisplaySettings, unknown>>) : {};
  return {
    navbarVariant: NAVBAR_VARIANTS.includes(v.navbarVariant as NavbarVariant)
      ? (v.navbarVariant as NavbarVariant)
      : DEFAULT_DISPLAY_SETTINGS.navbarVariant,
    sidebarSkin: SIDEBAR_SKINS.includes(v.sidebarSkin as SidebarSkin)
      ? (v.sidebarSkin as SidebarSkin)
      : DEFAULT_DISPLAY_SETTINGS.sidebarSkin,
    sidebarCollapsed:
      typeof v.sidebarCollapsed === 'boolean' ? v.sidebarCollapsed : DEFAULT_DISPLAY_SETTINGS.sidebarCollapsed,
  };
}

export function useDisplaySettings() {
  const [stored, setStored] = useLocalStorage<DisplaySettings>({
    key: 'tna-display-settings',
    defaultValue: DEFAULT_DISPLAY_SETTINGS,
    getInitialValueInEffect: false,
    deserialize: (text) => {
      try {
        return sanitize(text ? JSON.parse(text) : null);
      } catch {
        return DEFAULT_DISPLAY_SETTINGS;
      }
    },
  });
  const settings = sanitize(stored);
  const update = useCallback(
    (patch: Partial<DisplaySettings>) => setStored((current) => ({ ...sanitize(current), ...patch })),
    [setStored],
  );
  const reset = useCallback(() => setStored(DEFAULT_DISPLAY_SETTINGS), [setStored]);
  return { settings, update, reset };
}
