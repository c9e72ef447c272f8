import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

const MANTINE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]/;
const shim = (file: string) => fileURLToPath(new URL(`../src/lib/mantine-shims/${file}`, import.meta.url));

/**
 * Two imports inside Mantine's core that brought every page with a Mantine Table (New Assessment,
 * the lists, the dashboard) 18 KiB gzip it does not use, answered by the app's own modules
 * (issue 15; bench/README.md):
 * - Table imports its scroll container, which imports ScrollArea for its "scrollarea" type; the app
 *   uses the "native" type only (a div that scrolls), src/lib/mantine-shims/table-scroll-container.tsx;
 * - ScrollArea imports @floating-ui/react for one hook, useMergeRefs; the whole of floating-ui came
 *   with it, src/lib/mantine-shims/merge-refs.ts.
 * Menus, selects, tooltips and dialogs still get ScrollArea and floating-ui from Mantine, loaded with
 * them (components/floating-parts-loader.ts).
 */
export function mantineShims(): Plugin {
  return {
    name: 'tna-mantine-shims',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !MANTINE.test(importer)) return null;
      if (source === '@floating-ui/react' && /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer))
        return shim('merge-refs.ts');
      if (source === './TableScrollContainer.mjs' && /[\\/]Table[\\/]Table\.mjs$/.test(importer))
        return shim('table-scroll-container.tsx');
      return null;
    },
  };
}
