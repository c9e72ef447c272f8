import { type CSSVariablesResolver, createTheme, darken, localStorageColorSchemeManager } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  // Shade 8 keeps white text on filled buttons and blue links on the light page above WCAG AA (4.5:1);
  // Mantine's default shade 6 gave 3.4:1.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'sm',
  cursorType: 'pointer',
  focusRing: 'auto',
});

/**
 * Written into the app's stylesheet at build time by Mantine's own provider (build/mantine-variables.ts).
 * Light theme colours darkened where Mantine's defaults fall below WCAG AA contrast: grey captions
 * ('dimmed', 3.3:1 on white), the text of light buttons and badges (the green Export button, the status
 * badges) and coloured text.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => {
  // Placeholders too: a FileInput's placeholder is a real element (the Imports page), and axe holds it to AA.
  const light: Record<string, string> = {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-placeholder': t.colors.gray[7]!,
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    light[`--mantine-color-${name}-light-color`] = darken(shades[9]!, 0.3);
    light[`--mantine-color-${name}-text`] = darken(shades[9]!, 0.15);
  }
  // Dark: captions one step lighter (Mantine's dark.2 gave 4.0:1 on the dark page).
  return {
    variables: {},
    light,
    dark: { '--mantine-color-dimmed': t.colors.dark[1]!, '--mantine-color-placeholder': t.colors.dark[1]! },
  };
};

/** Dark mode is one of the remembered display settings (SPEC 3). */
export const colorSchemeManager = localStorageColorSchemeManager({ key: 'tna-color-scheme' });
