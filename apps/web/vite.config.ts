import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { chunkWaves, type Wave, wavesOf } from './build/chunk-waves';
import { mantineShims } from './build/mantine-shims';
import { mantineProviderStyles } from './build/mantine-variables';
import { reactRouterProduction } from './build/react-router-production';
import { routePreloads, staticImports } from './build/route-preloads';

const domainSource = fileURLToPath(new URL('../../packages/domain/src/index.ts', import.meta.url));
const outDir = fileURLToPath(new URL('./dist', import.meta.url));

/**
 * Writes .gz and .br beside every text asset of the build. The server sends them to browsers that
 * accept them (@fastify/static preCompressed), which matters on slow provincial links.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|json|svg)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'tna-precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/** The chunks whose functions nearly all run on a signed-in first load (see build/chunk-waves.ts). */
const RUN_AT_LOAD = new Set(['boot', 'shell']);

/**
 * V8's explicit compile hint (Chrome 136+) on the first line of the chunks a signed-in first load runs
 * nearly all of: their functions are compiled while the file streams in, off the main thread,
 * instead of one at a time on it at their first call. Lighthouse at 6.5x, three rounds of five runs
 * against the same build without it, medians of Total Blocking Time: dashboard 220 / 228 / 137 ms
 * against 271 / 255 / 190, validation list 84 / 74 / 24 against 185 / 96 / 167, New Assessment 53
 * against 132 (bench/README.md). Other browsers read a comment. Written last: the minifier would drop
 * it, and Vite puts its preload list at the top of a chunk. A source map moves down a line with it.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'tna-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const file of Object.values(bundle)) {
          if (file.type !== 'chunk' || !RUN_AT_LOAD.has(file.name)) continue;
          file.code = HINT + file.code;
          if (file.map) file.map.mappings = `;${file.map.mappings}`;
          const map = bundle[`${file.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            json.mappings = `;${json.mappings}`;
            map.source = JSON.stringify(json);
          }
        }
      },
    },
  };
}

/**
 * Fails the build when the app's code uses a Mantine class whose styles were left out of
 * src/mantine-styles.ts (which imports only the components the app uses): a component that renders
 * unstyled would otherwise be found only by looking at it.
 */
function mantineStylesCheck(): Plugin {
  const mantineCss = readFileSync(fileURLToPath(import.meta.resolve('@mantine/core/styles.css')), 'utf8');
  const classes = (text: string, pattern: RegExp) => new Set(Array.from(text.matchAll(pattern), (m) => m[1]!));
  const styled = classes(mantineCss, /\.(m_[0-9a-f]{8})\b/g);
  return {
    name: 'tna-mantine-styles-check',
    apply: 'build',
    // After Vite has emitted the stylesheet (with one stylesheet for the app, it does so in its own
    // generateBundle).
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const files = Object.values(bundle);
        const code = files.map((f) => (f.type === 'chunk' ? f.code : '')).join('\n');
        const css = files
          .map((f) => (f.type === 'asset' && f.fileName.endsWith('.css') ? String(f.source) : ''))
          .join('\n');
        const shipped = classes(css, /\.(m_[0-9a-f]{8})\b/g);
        const missing = [...classes(code, /\b(m_[0-9a-f]{8})\b/g)].filter((c) => styled.has(c) && !shipped.has(c));
        if (missing.length) {
          const files = missing.map((c) => {
            const at = mantineCss.indexOf(`.${c}`);
            return `${c} (near "${mantineCss.slice(Math.max(0, at - 60), at + 20).replace(/\s+/g, ' ')}")`;
          });
          this.error(`Mantine styles missing from src/mantine-styles.ts for: ${files.join('; ')}`);
        }
      },
    },
  };
}

/**
 * Fails the build when the first page a phone loads (the sign-in page) or the signed-in shell comes
 * to import Zod, TanStack Query's core, @mantine/form or the service worker's registration again, through any chain of static imports:
 * they are loaded when needed (issue 15: the sign-in page's script budget is 150 KiB gzip; a page
 * without a form should not build every schema at start). The dashboard, the lists and New
 * Assessment (whose rules come with the first touch of the form) are checked for Zod too, and the
 * signed-in pages for the code of dialogs and of the display settings.
 */
function startupImportsCheck(): Plugin {
  const rules: { entry: RegExp; banned: RegExp }[] = [
    // The service worker's registration comes with the first sign-in (app.tsx).
    {
      entry: /\/index\.html$/,
      banned: /(node_modules\/(zod|@tanstack\/query-core|@mantine\/form)\/|virtual:pwa-register)/,
    },
    {
      entry: /\/features\/auth\/pages\/login-page\.tsx$/,
      banned: /(node_modules\/(zod|@tanstack\/query-core|@mantine\/form)\/|virtual:pwa-register)/,
    },
    // The shell's chunk (build/chunk-waves.ts) is a signed-in user's: neither the sign-in page nor
    // its form's rules, loaded at the first focus, may bring it.
    { entry: /\/features\/auth\/pages\/login-page\.tsx$/, banned: /\/src\/app\/shell\// },
    { entry: /\/features\/auth\/api\/login-validation\.ts$/, banned: /\/src\/app\/shell\// },
    // Dialogs (components/modal-host.tsx) and the display settings (app/shell/control-sidebar.tsx)
    // come when first asked for.
    {
      entry: /\/app\/authenticated-app\.tsx$/,
      banned:
        /node_modules\/(zod\/|@mantine\/modals\/|@mantine\/core\/esm\/components\/(Modal|SegmentedControl|Switch)\/)/,
    },
    { entry: /\/features\/dashboard\/pages\/dashboard-page\.tsx$/, banned: /node_modules\/zod\// },
    { entry: /\/features\/review\/pages\/review-list-page\.tsx$/, banned: /node_modules\/zod\// },
    // The form's rules arrive with its first touch (features/assessments/components/rules-loader.ts).
    // So does the duplicates dialog (assessment-form.tsx).
    {
      entry: /\/features\/assessments\/pages\/new-assessment-page\.tsx$/,
      banned: /node_modules\/(zod|@mantine\/core\/esm\/components\/Modal)\//,
    },
  ];
  return {
    name: 'tna-startup-imports-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle)
          .filter((f) => f.type === 'chunk')
          .map((c) => [c.fileName, c]),
      );
      for (const { entry, banned } of rules) {
        const start = [...chunks.values()].find((c) => c.facadeModuleId && entry.test(c.facadeModuleId));
        if (!start) this.error(`No chunk for ${entry}: update the startup imports check.`);
        for (const chunk of staticImports(chunks, start)) {
          const hit = chunk.moduleIds.find((id) => banned.test(id));
          if (hit)
            this.error(`${start.facadeModuleId} loads ${hit} at start (in ${chunk.fileName}): import it lazily.`);
        }
      }
    },
  };
}

/**
 * The service worker (Workbox, generated at build): it precaches the built app, its fonts, icons,
 * manifests and the three translation files, and answers every navigation outside /api with
 * index.html, so the app opens with no network after one visit. It never caches API answers: the
 * reference data the form needs offline is kept per user in IndexedDB (lib/offline). A new build
 * waits until the user accepts the "new version" prompt ('prompt'), so old and new chunks never mix.
 */
const pwa = VitePWA({
  registerType: 'prompt',
  injectRegister: false,
  // One manifest per language, in public/ (manifest.{en,ps,fa}.webmanifest); the app points the
  // <link rel="manifest"> at the one of the chosen language.
  manifest: false,
  workbox: {
    globPatterns: ['**/*.{js,css,html,woff2,png,svg,webmanifest}', 'assets/i18n/*.json'],
    // The .gz/.br twins are for the server's content negotiation, not for a second copy in the cache.
    globIgnores: ['**/*.gz', '**/*.br', '**/*.woff'],
    navigateFallback: 'index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/],
    cleanupOutdatedCaches: true,
    // The translation files keep their names between builds; their revision (a hash of the content)
    // is what tells the worker to fetch them again.
    dontCacheBustURLsMatching: /-[A-Za-z0-9_-]{8}\.(js|css|woff2)$/,
    runtimeCaching: [],
  },
});

const root = fileURLToPath(new URL('.', import.meta.url));

const providerStyles = () =>
  mantineProviderStyles(fileURLToPath(new URL('./src/lib/mantine-shims/provider-styles.ts', import.meta.url)));

/** What both builds share (see firstBuildWaves). */
const common = {
  root,
  resolve: {
    // The domain package's exports point at dist for Node; the browser bundles its TypeScript source.
    alias: { '@tna/domain': domainSource },
  },
} satisfies UserConfig;

const buildOptions = {
  outDir,
  target: 'es2022',
  // For reading a CPU profile of the built app (bench/task-makeup.ts): SOURCEMAP=1 maps its frames
  // back to the sources, MINIFY=0 keeps the names and lines. Neither is for a release.
  sourcemap: process.env.SOURCEMAP === '1',
  minify: process.env.MINIFY !== '0',
  // One stylesheet, read before the first paint: the pages' own styles are 9 KB beside Mantine's
  // 160 KB, and each one applied later, when its page's code arrived, restyled the whole document
  // in one task (270-330 ms on a slow phone: Lighthouse's long tasks on the dashboard, New
  // Assessment and the validation list).
  cssCodeSplit: false,
} satisfies UserConfig['build'];

/** The service worker's registration, which the first build does without (its chunk is lazy anyway). */
function pwaRegisterStub(): Plugin {
  const stub = '\0pwa-register-stub';
  return {
    name: 'tna-pwa-register-stub',
    resolveId: (id) => (id.startsWith('virtual:pwa-register') ? stub : null),
    load: (id) => (id === stub ? 'export const useRegisterSW = () => ({});' : null),
  };
}

/**
 * The bundler's own chunks, from a build in memory with nothing but what shapes the modules: which
 * chunk each module lands in tells who loads it (build/chunk-waves.ts).
 */
async function firstBuildWaves(): Promise<Map<string, Wave>> {
  const result = await build({
    ...common,
    configFile: false,
    logLevel: 'silent',
    plugins: [mantineShims(), reactRouterProduction(), providerStyles(), react(), pwaRegisterStub()],
    build: { ...buildOptions, write: false, emptyOutDir: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  return wavesOf(
    outputs.flatMap((o) => o.output).filter((file): file is Rolldown.OutputChunk => file.type === 'chunk'),
  );
}

export default defineConfig(async ({ command }) => ({
  ...common,
  plugins: [
    mantineShims(),
    reactRouterProduction(),
    providerStyles(),
    react(),
    routePreloads(root),
    pwa,
    mantineStylesCheck(),
    startupImportsCheck(),
    compileHints(),
    precompress(),
  ],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    ...buildOptions,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // The shell's code in two chunks instead of 23 files (build/chunk-waves.ts). A group that took
        // the imports of what it captures would take React and the router out of the entry.
        codeSplitting:
          command === 'build'
            ? {
                groups: [
                  {
                    debugName: 'chunk-waves',
                    name: chunkWaves(await firstBuildWaves(), path.resolve(root, 'src/main.tsx')),
                    includeDependenciesRecursively: false,
                  },
                ],
              }
            : undefined,
      },
    },
  },
}));
