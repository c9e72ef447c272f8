import { createTheme, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
});

/** Dark mode is one of the remembered display settings (SPEC 3). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'tna-color-scheme' });
