import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { chunkWaves, wavesOf } from '../../build/chunk-waves';

// The build moves the shell's modules into two chunks by who loads them (build/chunk-waves.ts),
// reading who loads what off a first build's chunks. Modelled here: the chunks a bundler makes for
// an entry, the sign-in and register pages, the shell and two signed-in pages.

const src = '/app/src';
const ids = {
  entry: `${src}/main.tsx`,
  login: `${src}/features/auth/pages/login-page.tsx`,
  register: `${src}/features/auth/pages/register-page.tsx`,
  shell: `${src}/app/authenticated-app.tsx`,
  dashboard: `${src}/features/dashboard/pages/dashboard-page.tsx`,
  form: `${src}/features/assessments/pages/new-assessment-page.tsx`,
  rules: `${src}/features/auth/api/login-validation.ts`,
};

function chunk(
  fileName: string,
  moduleIds: string[],
  imports: string[] = [],
  kind: { isEntry?: boolean; facade?: string; lazy?: string[] } = {},
): Rolldown.OutputChunk {
  return {
    type: 'chunk',
    fileName,
    moduleIds,
    imports,
    dynamicImports: kind.lazy ?? [],
    isEntry: kind.isEntry ?? false,
    isDynamicEntry: Boolean(kind.facade) && !kind.isEntry,
    facadeModuleId: kind.facade ?? null,
  } as unknown as Rolldown.OutputChunk;
}

const chunks = [
  chunk('index.js', [ids.entry, '/nm/react/index.js'], [], { isEntry: true, facade: ids.entry }),
  chunk('login.js', [ids.login], ['index.js', 'text.js', 'field.js', 'alert.js'], {
    facade: ids.login,
    lazy: ['rules.js'],
  }),
  // The sign-in form's rules, loaded at its first focus.
  chunk('rules.js', [ids.rules], ['index.js', 'domain.js'], { facade: ids.rules, lazy: ['shell.js'] }),
  chunk('register.js', [ids.register], ['index.js', 'text.js', 'field.js', 'menu.js'], { facade: ids.register }),
  chunk(
    'shell.js',
    [ids.shell, `${src}/app/shell/navbar.tsx`],
    ['index.js', 'text.js', 'menu.js', 'scroll.js', 'domain.js'],
    {
      facade: ids.shell,
    },
  ),
  chunk('dashboard.js', [ids.dashboard], ['index.js', 'scroll.js', 'table.js', 'select.js', 'alert.js'], {
    facade: ids.dashboard,
  }),
  chunk('form.js', [ids.form], ['index.js', 'table.js', 'field.js', 'select.js', 'alert.js'], { facade: ids.form }),
  // Loaded by the sign-in page and the shell (and register): what the sign-in page needs anyway.
  chunk('text.js', ['/nm/mantine/Text.mjs', '/nm/mantine/noop.mjs']),
  // Loaded by the shell and register, not the sign-in page.
  chunk('menu.js', ['/nm/mantine/Menu.mjs']),
  // Loaded by the shell and the sign-in form's rules, not the sign-in page itself.
  chunk('domain.js', ['/domain/permissions.ts']),
  // Loaded by the shell and a signed-in page.
  chunk('scroll.js', ['/nm/mantine/ScrollArea.mjs', '/nm/mantine/is-element.mjs'], ['index.js']),
  // Loaded by the sign-in page and two signed-in pages, not the shell.
  chunk('field.js', ['/nm/mantine/Input.mjs']),
  // Loaded by the sign-in page and eight signed-in pages, not the shell.
  chunk('alert.js', ['/nm/mantine/Alert.mjs']),
  // Loaded by two signed-in pages only.
  chunk('table.js', ['/nm/mantine/Table.mjs']),
  // Loaded by eight signed-in pages (seven besides the two above).
  chunk('select.js', ['/nm/mantine/Select.mjs']),
  // Mantine's Popover: loaded by seven signed-in pages and by the parts they load lazily (here
  // components/floating-parts.ts), which do not count as a page.
  chunk('floating.js', [`${src}/components/floating-parts.ts`], ['index.js', 'popover.js'], {
    facade: `${src}/components/floating-parts.ts`,
  }),
  chunk('popover.js', ['/nm/mantine/Popover.mjs']),
  ...Array.from({ length: 7 }, (_, i) =>
    chunk(`touch${i}.js`, [`${src}/features/y/pages/touch${i}-page.tsx`], ['index.js', 'popover.js'], {
      facade: `${src}/features/y/pages/touch${i}-page.tsx`,
    }),
  ),
  ...Array.from({ length: 6 }, (_, i) =>
    chunk(`page${i}.js`, [`${src}/features/x/pages/page${i}-page.tsx`], ['index.js', 'select.js', 'alert.js'], {
      facade: `${src}/features/x/pages/page${i}-page.tsx`,
    }),
  ),
];

describe('chunk waves', () => {
  const waves = wavesOf(chunks);

  it("puts what only the shell and signed-in pages load into the shell's chunk", () => {
    expect(waves.get('/nm/mantine/ScrollArea.mjs')).toBe('shell');
    expect(waves.get('/nm/mantine/is-element.mjs')).toBe('shell');
    expect(waves.get(`${src}/app/shell/navbar.tsx`)).toBe('shell');
  });

  it('puts what the shell shares with a guest page into a chunk of their own', () => {
    expect(waves.get('/nm/mantine/Text.mjs')).toBe('signin-shared');
    expect(waves.get('/nm/mantine/noop.mjs')).toBe('signin-shared');
    // With the register page alone: register gets this chunk, not the whole shell.
    expect(waves.get('/nm/mantine/Menu.mjs')).toBe('signin-shared');
    // With what the sign-in page loads lazily (the rules would otherwise load the shell; the lazy
    // import of the shell from there does not make the shell a guest's).
    expect(waves.get('/domain/permissions.ts')).toBe('signin-shared');
  });

  it('puts what the sign-in page shares with eight signed-in pages there too', () => {
    expect(waves.get('/nm/mantine/Alert.mjs')).toBe('signin-shared');
  });

  it('puts what eight signed-in pages load, and the shell does not, into one chunk for them all', () => {
    expect(waves.get('/nm/mantine/Select.mjs')).toBe('pages-common');
    expect(chunkWaves(waves, ids.entry)('/nm/mantine/Select.mjs')).toBe('pages-common');
  });

  it('does not count what pages load lazily as a page', () => {
    expect(waves.get('/nm/mantine/Popover.mjs')).toBeNull();
  });

  it('marks what the entry loads, and leaves the rest where the bundler puts it', () => {
    expect(waves.get('/nm/react/index.js')).toBe('entry');
    // Not the shell's, and loaded by a guest page and two signed-in pages, or by two signed-in
    // pages only.
    expect(waves.get('/nm/mantine/Input.mjs')).toBeNull();
    expect(waves.get('/nm/mantine/Table.mjs')).toBeNull();
  });

  it('keeps every dynamically imported module in a chunk of its own, the shell itself included', () => {
    for (const id of [ids.shell, ids.login, ids.register, ids.dashboard, ids.form, ids.rules])
      expect(waves.get(id)).toBeNull();
  });

  it("names the chunks for the bundler, the entry's modules `boot`", () => {
    const name = chunkWaves(waves, ids.entry);
    expect(name('/nm/mantine/ScrollArea.mjs')).toBe('shell');
    expect(name('/nm/mantine/Text.mjs')).toBe('signin-shared');
    expect(name('/nm/react/index.js')).toBe('boot');
    // Not the entry script: a group that captures it, with a top-level await among its modules,
    // left the build with no entry chunk.
    expect(name(ids.entry)).toBeNull();
    expect(name('/nm/mantine/Table.mjs')).toBeNull();
    expect(name('/not/in/the/first/build.ts')).toBeNull();
  });

  it('fails when the first build has no entry', () => {
    expect(() => wavesOf(chunks.slice(1))).toThrow(/no entry chunk/);
  });
});
