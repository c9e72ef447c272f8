import { readFileSync } from 'node:fs';
import path from 'node:path';
import { minifySync, type Plugin } from 'vite';
import { pathPattern, readPageTable } from './route-table';
import { type SignInTexts, signInFrame } from './sign-in-frame';

/**
 * Writes `boot.js` (from the template `boot.js` beside package.json) into index.html, with a table
 * of the code each page needs, so that the first load asks for all of it beside the app's entry: the shell and the
 * page of a signed-in user, or the guest page. Without it the browser learned of the shell only once
 * the entry had run, and of the page once the shell had run: three waves of requests before the
 * page's data could be asked for, each a round trip on a provincial link (issue 15: LCP).
 *
 * The signed-in routes are read from src/app/routes/page-modules.ts (the table the router uses);
 * the build fails when that file no longer reads as expected, rather than shipping an empty table.
 */

const GUEST_PAGES = ['login', 'register', 'forgot-password', 'recover-password'];
const PAGE_TABLE = 'src/app/routes/page-modules.ts';
const PLACEHOLDER = '__ROUTE_PRELOADS__';
// @tna/domain's LANGUAGES, in its order: the sign-in page's language switch shows them so.
export const LANGUAGES = ['en', 'ps', 'fa'];
const TRANSLATIONS = 'public/assets/i18n';
const FRAME_CSS = 'src/app/boot-frame.css';

/** CSS without its comments and the spaces around its punctuation (what a browser ignores anyway). */
export function compactCss(css: string): string {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,>])\s*/g, '$1')
    .replace(/;}/g, '}')
    .trim();
}

/**
 * The app's stylesheet, taken out of index.html: the one `<link rel="stylesheet">` Vite wrote there
 * (cssCodeSplit is off). boot.js adds it instead, holding the first paint for it only where it
 * paints no frame (a guest page). The build fails on any other number of stylesheets.
 */
export function takeStylesheet(html: string): { html: string; stylesheet: string } {
  const links = [...html.matchAll(/\s*<link rel="stylesheet"[^>]*href="\/assets\/([^"]+\.css)"[^>]*>/g)];
  if (links.length !== 1) throw new Error(`route preloads: index.html has ${links.length} stylesheets, not one`);
  const [link] = links;
  // Asked for as early as before (the parser's preload scan sees this), applied by boot.js.
  const preload = `<link rel="preload" as="style" crossorigin href="/assets/${link![1]}">`;
  return { html: html.replace(link![0], `\n    ${preload}`), stylesheet: link![1]! };
}

/**
 * index.html with boot.js written into it, where the template has `<script src="/boot.js">`: a
 * script in <head> holds the first paint, and as a file of its own it cost a phone a round trip
 * before the frame could be painted (Lighthouse: 150-460 ms of FCP on slow 4G). The server allows
 * it by its hash (apps/server/src/plugins/web.ts, inlineScriptSources).
 */
export function inlineBoot(html: string, code: string): string {
  const tag = '<script src="/boot.js"></script>';
  if (!html.includes(tag)) throw new Error('route preloads: index.html has no <script src="/boot.js">');
  // The HTML parser would end the script at the first `</script` (a text of the table, say).
  if (/<\/script|<!--/i.test(code)) throw new Error('route preloads: boot.js holds text that ends an inline script');
  return html.replace(tag, () => `<script>${code.trim()}</script>`);
}

/** The text of `key` ('pages.titles.create') in a translation file, or the build fails. */
function translate(texts: unknown, key: string, file: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
  if (typeof value !== 'string') throw new Error(`route preloads: no text "${key}" in ${file}`);
  return value;
}

export interface RoutePreloads {
  /** Every file named below, once; the lists hold indexes into it. */
  files: string[];
  /** The signed-in shell (app/authenticated-app.tsx) with what it imports. */
  shell: number[];
  /** [path pattern (a regular expression's source), files] of each signed-in page. */
  pages: [string, number[]][];
  /** The same for the guest pages; the first is the sign-in page, where every other path goes. */
  guest: [string, number[]][];
  /**
   * What boot.js writes in the frame it paints before the app's code runs, by language: the
   * breadcrumb's first item, the tab title's pattern, each signed-in page's title (as `pages`) and
   * the sign-in page's (whose frame is a template in index.html: sign-in-frame.ts).
   */
  texts: Record<string, { home: string; tab: string; titles: string[]; signIn: string }>;
  /** The app's one stylesheet, in assets/: boot.js adds it to the page (see takeStylesheet). */
  stylesheet: string;
}

interface ChunkInfo {
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
  viteMetadata?: { importedCss: Set<string> };
}

/** `start` and every chunk it imports statically, directly or through others (what loading it loads). */
export function staticImports<C extends { fileName: string; imports: string[] }>(
  chunks: ReadonlyMap<string, C>,
  start: C,
): C[] {
  const seen = new Map<string, C>();
  const queue = [start.fileName];
  while (queue.length) {
    const chunk = chunks.get(queue.pop()!);
    if (!chunk || seen.has(chunk.fileName)) continue;
    seen.set(chunk.fileName, chunk);
    queue.push(...chunk.imports);
  }
  return [...seen.values()];
}

export function routePreloads(root: string): Plugin {
  // Its comments are for the reader of the template; a phone downloads it before anything else.
  const template = () =>
    readFileSync(path.join(root, 'boot.js'), 'utf8')
      .split('\n')
      .filter((line) => !line.trimStart().startsWith('//') && line.trim())
      .join('\n');
  return {
    name: 'tna-route-preloads',
    // The dev server has no built chunks: its boot.js gets no table.
    configureServer(server) {
      server.middlewares.use('/boot.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript');
        res.end(template().replace(PLACEHOLDER, 'null'));
      });
    },
    // After Vite has written index.html and the stylesheet.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = new Map<string, ChunkInfo>();
        for (const file of Object.values(bundle)) if (file.type === 'chunk') chunks.set(file.fileName, file);
        const closure = (start: ChunkInfo): string[] =>
          staticImports(chunks, start).flatMap((chunk) => [chunk.fileName, ...(chunk.viteMetadata?.importedCss ?? [])]);
        const entry = [...chunks.values()].find((c) => c.isEntry);
        if (!entry) return this.error('route preloads: no entry chunk');
        // What index.html already asks for.
        const atStart = new Set(closure(entry));
        const files: string[] = [];
        const indexes = (start: ChunkInfo) =>
          closure(start)
            .filter((name) => !atStart.has(name))
            .map((full) => {
              // Every file is in assets/ (boot.js adds it back).
              const name = full.replace(/^assets\//, '');
              if (!files.includes(name)) files.push(name);
              return files.indexOf(name);
            });
        const chunkOf = (source: string) => {
          const id = path.resolve(root, source);
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId === id);
          if (!chunk) this.error(`route preloads: no chunk for ${source}`);
          return chunk!;
        };

        const table = readPageTable(readFileSync(path.join(root, PAGE_TABLE), 'utf8'));
        if (table.length < 10) this.error(`route preloads: ${PAGE_TABLE} gave ${table.length} routes`);
        const shell = indexes(chunkOf('src/app/authenticated-app.tsx'));
        const pages = table.map(([routePath, file]): [string, number[]] => [
          pathPattern(routePath),
          indexes(chunkOf(`${path.join('src/app/routes', file)}.tsx`)).filter((i) => !shell.includes(i)),
        ]);
        const guest = GUEST_PAGES.map((name): [string, number[]] => [
          pathPattern(name),
          indexes(chunkOf(`src/features/auth/pages/${name}-page.tsx`)),
        ]);
        const translations = LANGUAGES.map((language) => {
          const file = path.join(root, TRANSLATIONS, `${language}.json`);
          const all: unknown = JSON.parse(readFileSync(file, 'utf8'));
          return { language, text: (key: string) => translate(all, key, file) };
        });
        const texts = Object.fromEntries(
          translations.map(({ language, text }) => [
            language,
            {
              home: text('nav.home'),
              tab: text('app.pageTitle'),
              titles: table.map(([, , title]) => text(title)),
              signIn: text('auth.signIn'),
            },
          ]),
        );
        const signInFrames = translations.map(({ language, text }) => {
          const frameTexts: SignInTexts = {
            brand: text('app.name'),
            subtitle: text('auth.signInTitle'),
            email: text('auth.email'),
            emailPlaceholder: text('auth.emailPlaceholder'),
            password: text('auth.password'),
            signIn: text('auth.signIn'),
            forgot: text('auth.forgotLink'),
            register: text('auth.registerLink'),
            languageNames: LANGUAGES.map((code) => [code, text(`languages.${code}`)]),
            version: text('app.version'),
          };
          return signInFrame(language, frameTexts);
        });
        const index = bundle['index.html'];
        if (index?.type !== 'asset') return this.error('route preloads: no index.html');
        const { html, stylesheet } = takeStylesheet(String(index.source));
        // The frame's rules in the page itself, not in boot.js: every page loads boot.js, the sign-in
        // page too, whose script is held to 150 KiB (issue 15).
        const frameCss = compactCss(readFileSync(path.join(root, FRAME_CSS), 'utf8'));
        index.source = html.replace(
          '</head>',
          `  <style>${frameCss}</style>\n    ${signInFrames.join('\n    ')}\n  </head>`,
        );
        const preloads: RoutePreloads = { files, shell, pages, guest, texts, stylesheet };
        const boot = minifySync('boot.js', template().replace(PLACEHOLDER, JSON.stringify(preloads)));
        if (boot.errors.length) return this.error(`route preloads: boot.js: ${boot.errors[0]!.message}`);
        index.source = inlineBoot(String(index.source), boot.code);
      },
    },
  };
}
