import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/app/theme';

/**
 * The CSS that Mantine's provider writes into a `<style>` as the app starts: the theme's CSS
 * variables where they differ from Mantine's defaults (light and dark), and the classes of its
 * breakpoints. Written by Mantine's own provider, rendered here once at build time, so it is exactly
 * what it writes; the app's provider is told not to (src/app/providers.tsx). On a slow phone the
 * provider spent 40-60 ms working it out on every load, in the middle of the first render (issue 15).
 */
export function mantineProviderCss(): string {
  const html = renderToStaticMarkup(
    createElement(MantineProvider, { theme, cssVariablesResolver, defaultColorScheme: 'light' }),
  );
  const styles = Array.from(html.matchAll(/<style data-mantine-styles="(true|classes)">([^<]*)<\/style>/g));
  if (styles.length !== 2 || html.replace(/<style[^>]*>[^<]*<\/style>/g, '') !== '') {
    throw new Error(`mantine provider css: Mantine's provider wrote something else: ${html.slice(0, 200)}`);
  }
  return styles.map((style) => style[2]!).join('\n');
}

const VIRTUAL = 'virtual:mantine-provider.css';
// Vite's marker for a module that is not a file: no other plugin tries to read it.
const RESOLVED = `\0${VIRTUAL}`;
const PROVIDER = /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineProvider\.mjs$/;

/**
 * `import 'virtual:mantine-provider.css'` is `mantineProviderCss()`. And the provider's two
 * components that write that CSS as the app starts (with the resolvers and colour functions they
 * need, and remove-default-variables.mjs, which works out every default variable as it is loaded:
 * 15-40 ms of a slow phone's start) are replaced by `stubs` (src/lib/mantine-shims/provider-styles.ts):
 * with `withCssVariables={false} withGlobalClasses={false}` nothing renders them.
 */
export function mantineProviderStyles(stubs: string): Plugin {
  return {
    name: 'tna-mantine-provider-styles',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === VIRTUAL) return RESOLVED;
      if (
        importer &&
        PROVIDER.test(importer) &&
        (source === './MantineCssVariables/MantineCssVariables.mjs' || source === './MantineClasses/MantineClasses.mjs')
      ) {
        return stubs;
      }
      return null;
    },
    load(id) {
      return id === RESOLVED ? mantineProviderCss() : null;
    },
  };
}
