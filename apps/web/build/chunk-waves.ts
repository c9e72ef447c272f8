import type { Rolldown } from 'vite';

/**
 * Fewer, larger chunks (issue 15). Left to itself, the bundler gives every set of pages that share a
 * module a chunk of its own: the shell came in 23 files (14 under 1 KiB gzip: noop, is-element,
 * to-int...) and New Assessment's page in 26 more. Each file is a `<link rel="modulepreload">` that
 * boot.js appends and a module the browser fetches, compiles and links: on New Assessment's first
 * load, 52 of them took 164-341 ms of a slow phone's main thread.
 *
 * A module's loaders are the places whose code loads it: the entry (index.html), the sign-in page,
 * the other guest pages, the shell, the signed-in pages and lazily loaded parts. They are read off
 * a first build without this (the bundler's own chunks, after tree-shaking: a graph walk over the
 * sources would count every component of @mantine/core as the entry's, through its index module).
 * - `entry`: what the entry loads. The bundler gave each set of later chunks that also import such a
 *   module a file of its own, a dozen files on every first load; they are all loaded at the start anyway,
 *   so they go into one chunk, `boot`, that the entry's own small chunk imports (4.3 KiB gzip less
 *   on every page: each file's imports and exports, and gzip starting afresh);
 * - `signin-shared`: what the shell shares with a guest page (the sign-in page, another one or what
 *   they load lazily: the sign-in form's rules), and what the sign-in page shares with as many
 *   signed-in pages as make `pages-common`. The sign-in page, held to 150 KiB, gets a little it does
 *   not use (Mantine's Menu, which the shell and the register page share) and loses more in files;
 *   another guest page gets this chunk, not the whole shell (and is opened from the sign-in page,
 *   whose visit has it cached);
 * - `shell`: what the shell and signed-in parts alone load, which always come after the shell, so
 *   nobody gets more;
 * - `pages-common`: what many signed-in pages load and the shell does not (see PAGES_COMMON_LOADERS).
 * The rest stays where the bundler puts it.
 *
 * Chunk imports stay one-way: what a module imports is loaded wherever the module is, so its
 * loaders include the module's, and it lands in the same chunk or one loaded before it (the entry's,
 * then `signin-shared`, `shell`, `pages-common`). A guest's module never lands in `shell` or
 * `pages-common`, a shell module never in `pages-common`, so no chunk imports one that imports it
 * back.
 */

/** A guest page's module, as the router imports it, and the sign-in page's. */
const GUEST_PAGE = /[\\/]features[\\/]auth[\\/]pages[\\/][a-z-]+-page\.tsx$/;
const SIGN_IN_PAGE = /[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/;
const SHELL = /[\\/]src[\\/]app[\\/]authenticated-app\.tsx$/;

export type Wave = 'entry' | 'signin-shared' | 'shell' | 'pages-common' | null;

/** What waveOf needs to know of the build besides a module's loaders. */
export interface Sides {
  /** The entry's module (index.html's script). */
  entry: string;
  /**
   * The loaders a guest may load without signing in: the guest pages and what they import lazily
   * (the sign-in form's rules, say), however deep, without passing through the shell.
   */
  guest: ReadonlySet<string>;
}

/**
 * A module that this many signed-in pages load goes into one chunk, `pages-common`, that every page
 * loads whole. Measured (Lighthouse, 4x, medians of three, two rounds
 * each): TBT dashboard 294-414 -> 229-304 ms, New Assessment 333-475 -> 329-356 ms, validation list
 * 329-498 -> 304-322 ms, for 6.6 KiB more script on the dashboard (+2 on New Assessment, +1 on the list).
 */
const PAGES_COMMON_LOADERS = 8;

/**
 * Only signed-in pages count towards PAGES_COMMON_LOADERS, not what pages load lazily (dialogs, the
 * form's rules, the selects' lists and menus of components/floating-parts.ts): what many of those
 * load would otherwise go to `pages-common`, which every page loads whole, and be back in every
 * first load. Mantine's Modal brought ScrollArea there so, and the selects floating-ui (issue 15).
 */
const PAGE = /[\\/]features[\\/][\w-]+[\\/]pages[\\/][\w-]+-page\.tsx$/;

/** Which chunk a module goes into by its loaders (see above); null leaves it to the bundler. */
export function waveOf(loaders: Iterable<string>, sides: Sides): Wave {
  const all = [...loaders];
  if (all.includes(sides.entry)) return 'entry';
  const shell = all.some((id) => SHELL.test(id));
  const pages = all.filter((id) => PAGE.test(id) && !sides.guest.has(id)).length;
  if (all.some((id) => sides.guest.has(id))) {
    if (shell) return 'signin-shared';
    return pages >= PAGES_COMMON_LOADERS && all.some((id) => SIGN_IN_PAGE.test(id)) ? 'signin-shared' : null;
  }
  if (shell) return 'shell';
  return pages >= PAGES_COMMON_LOADERS ? 'pages-common' : null;
}

/**
 * The wave of every module of a build's output: each chunk's loaders are the entry and dynamically
 * imported modules whose chunk reaches it through static imports.
 */
export function wavesOf(chunks: Rolldown.OutputChunk[]): Map<string, Wave> {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const loaders = new Map<string, Set<string>>();
  let entry: string | undefined;
  for (const start of chunks) {
    if (!(start.isEntry || start.isDynamicEntry) || !start.facadeModuleId) continue;
    if (start.isEntry) entry = start.facadeModuleId;
    const queue = [start.fileName];
    const seen = new Set<string>();
    while (queue.length) {
      const name = queue.pop()!;
      if (seen.has(name)) continue;
      seen.add(name);
      if (!loaders.has(name)) loaders.set(name, new Set());
      loaders.get(name)!.add(start.facadeModuleId);
      queue.push(...(byName.get(name)?.imports ?? []));
    }
  }
  if (!entry) throw new Error('chunk waves: the first build has no entry chunk');
  const guest = new Set<string>();
  const queue = chunks.filter((c) => c.facadeModuleId && GUEST_PAGE.test(c.facadeModuleId)).map((c) => c.fileName);
  const seen = new Set<string>();
  while (queue.length) {
    const chunk = byName.get(queue.pop()!);
    if (!chunk || seen.has(chunk.fileName) || (chunk.facadeModuleId && SHELL.test(chunk.facadeModuleId))) continue;
    seen.add(chunk.fileName);
    if (chunk.isDynamicEntry && chunk.facadeModuleId) guest.add(chunk.facadeModuleId);
    queue.push(...chunk.imports, ...chunk.dynamicImports);
  }
  const waves = new Map<string, Wave>();
  for (const chunk of chunks) {
    const wave = waveOf(loaders.get(chunk.fileName) ?? [], { entry, guest });
    for (const id of chunk.moduleIds) waves.set(id, wave);
  }
  // A module that is imported dynamically keeps a chunk of its own (the router imports the shell's
  // and each page's by name: route-preloads.ts and the startup check find their chunks so).
  for (const chunk of chunks) if (chunk.isDynamicEntry && chunk.facadeModuleId) waves.set(chunk.facadeModuleId, null);
  return waves;
}

/**
 * The `name` function of a code-splitting group that puts each module in its wave's chunk. The
 * entry's modules are named `boot`; the entry script (index.html's, src/main.tsx) stays out of it,
 * in the entry's own chunk (index-*.js, a few hundred bytes that import `boot`).
 */
export function chunkWaves(waves: ReadonlyMap<string, Wave>, entryScript: string): (id: string) => string | null {
  return (id) => {
    // What the entry script imports holds a top-level await (src/lib/next-task.ts); a group that
    // captures the script itself then left the build with no entry chunk at all.
    if (id === entryScript) return null;
    const wave = waves.get(id);
    return wave === 'entry' ? 'boot' : (wave ?? null);
  };
}
