import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

const MANTINE = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]/;
const MANTINE_HOOKS = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]index\.mjs$/;
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
 *
 * And one hook, for time rather than size: Mantine's `useId` sets a random id in a layout effect, which
 * made every page's first showing one long task (src/lib/mantine-shims/use-id.ts).
 */
export function mantineShims(): Plugin {
  // Whether @mantine/hooks was built from its files, and whether its useId was replaced: a Mantine
  // release that moves the file would otherwise bring the layout effect back without a word.
  let hooksSeen = false;
  let useIdShimmed = false;
  return {
    name: 'tna-mantine-shims',
    enforce: 'pre',
    buildStart() {
      hooksSeen = false;
      useIdShimmed = false;
    },
    resolveId(source, importer) {
      if (importer && MANTINE_HOOKS.test(importer)) {
        hooksSeen = true;
        if (source !== './use-id/use-id.mjs') return null;
        useIdShimmed = true;
        return shim('use-id.ts');
      }
      if (!importer || !MANTINE.test(importer)) return null;
      if (source === '@floating-ui/react' && /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer))
        return shim('merge-refs.ts');
      if (source === './TableScrollContainer.mjs' && /[\\/]Table[\\/]Table\.mjs$/.test(importer))
        return shim('table-scroll-container.tsx');
      return null;
    },
    buildEnd(error) {
      if (!error && hooksSeen && !useIdShimmed)
        this.error('@mantine/hooks no longer imports ./use-id/use-id.mjs: update build/mantine-shims.ts');
    },
  };
}
