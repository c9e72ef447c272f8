import { describe, expect, it } from 'vitest';
import template from '../../boot.js?raw';

// boot.js (the classic script in <head>) asks for the opened page's code before the app runs. Each
// request it starts costs the main thread about a millisecond (5 ms at 4x CPU slowdown): it must
// start them a few at a time, in tasks of their own, not in one long task before the first paint.

interface Link {
  rel?: string;
  as?: string;
  href?: string;
  crossOrigin?: string;
  attributes?: Record<string, string>;
  isConnected?: boolean;
  onload?: () => void;
}

const files = Array.from({ length: 24 }, (_, i) => `chunk-${i}.js`);
const table = {
  files,
  shell: [0, 1, 2, 3, 4, 5, 6, 7],
  pages: [
    ['^/$', [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]],
    ['^/tna/create/?$', [8]],
  ],
  guest: [
    ['^/login/?$', [20, 21, 22, 23]],
    ['^/register/?$', [20, 21]],
  ],
  stylesheet: 'style-1.css',
  texts: {
    en: { home: 'Home', tab: '{title} - TNA System', titles: ['Dashboard', 'New Assessment'], signIn: 'Sign In' },
    fa: { home: 'خانه', tab: '{title} - TNA System', titles: ['داشبورد', 'ارزیابی جدید'], signIn: 'ورود' },
    ps: { home: 'کور', tab: '{title} - TNA System', titles: ['ډشبورډ', 'نوې ارزونه'], signIn: 'ننوتل' },
  },
};

interface FakeElement {
  id?: string;
  innerHTML?: string;
  textContent?: string;
  dataset: Record<string, string>;
  attributes: Record<string, string>;
  removed: boolean;
}

/** Run boot.js as a page at `path` would, signed in or not; its timers are run by hand. */
function boot(path: string, signedIn: boolean, stored: Record<string, string> = {}) {
  const head: Link[] = [];
  const timers: { run: () => void; delay: number }[] = [];
  const frames: (() => void)[] = [];
  let rootParsed = false;
  const body: FakeElement[] = [];
  const listeners: (() => void)[] = [];
  const observers: { callback: () => void; observing: boolean; target: unknown }[] = [];
  // What the app has rendered in #root, as boot.js's query sees it.
  const app = { shows: null as string | null };
  const element = (): FakeElement & Record<string, unknown> => {
    const parts = new Map<string, FakeElement>();
    const part = (selector: string) => {
      if (!parts.has(selector)) parts.set(selector, element());
      return parts.get(selector)!;
    };
    const self: FakeElement & Record<string, unknown> = {
      dataset: {},
      attributes: {},
      removed: false,
      setAttribute: (name: string, value: string) => {
        self.attributes[name] = value;
      },
      querySelector: part,
      querySelectorAll: (selector: string) => [0, 1, 2].map((i) => part(`${selector}:${i}`)),
      appendChild: (child: { template: string }) => {
        self.attributes.content = child.template;
      },
      remove: () => {
        self.removed = true;
      },
      parts,
    };
    return self;
  };
  const documentElement = element() as FakeElement & { lang?: string; dir?: string };
  const document = {
    readyState: 'loading',
    title: 'TNA System',
    documentElement,
    head: {
      appendChild: (link: Link) => {
        link.isConnected = true;
        head.push(link);
      },
    },
    // boot.js itself, in <head>: what it puts after itself goes before anything appended later.
    currentScript: {
      after: (link: Link) => {
        link.isConnected = true;
        head.unshift(link);
      },
    },
    body: { appendChild: (el: FakeElement) => body.push(el) },
    createElement: element,
    getElementById: (id: string) => {
      if (id === 'root' && rootParsed)
        return { querySelector: (selector: string) => (app.shows && selector.includes(app.shows) ? {} : null) };
      // The sign-in page's frames, one per language, in index.html's <head> (build/sign-in-frame.ts).
      if (/^boot-sign-in-(en|fa|ps)$/.test(id)) return { content: { cloneNode: () => ({ template: id }) } };
      return null;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const globals: { __tnaBootPreloads?: Promise<void> } = {};
  const page = {
    globalThis: globals,
    localStorage: {
      getItem: (key: string) => (key === 'token' ? (signedIn ? 'a-token' : null) : (stored[key] ?? null)),
    },
    location: { pathname: path },
    document,
    matchMedia: () => ({ matches: false }),
    MutationObserver: class {
      entry: { callback: () => void; observing: boolean; target: unknown };
      constructor(callback: () => void) {
        this.entry = { callback, observing: false, target: null };
        observers.push(this.entry);
      }
      observe(target: unknown) {
        this.entry.observing = true;
        this.entry.target = target;
      }
      disconnect() {
        this.entry.observing = false;
      }
    },
    setTimeout: (run: () => void, delay = 0) => timers.push({ run, delay }),
    requestAnimationFrame: (run: () => void) => frames.push(run),
    clearTimeout: () => {},
  };
  // The page's globals as the function's parameters: the script sees these, not the test's.
  new Function(...Object.keys(page), template.replace('__ROUTE_PRELOADS__', JSON.stringify(table)))(
    ...Object.values(page),
  );
  const modules = () => head.filter((l) => l.rel === 'modulepreload').map((l) => l.href);
  const hear = (target: unknown) => {
    for (const o of observers) if (o.observing && o.target === target) o.callback();
  };
  return {
    document,
    modules,
    /** Whether the promise the app waits on before its first import() has resolved (see boot-preloads.ts). */
    preloadsStarted: async () => {
      let resolved = false;
      void globals.__tnaBootPreloads?.then(() => {
        resolved = true;
      });
      // Settles within the microtasks that follow, if it is settled at all.
      for (let i = 0; i < 5; i++) await Promise.resolve();
      return resolved;
    },
    /** What boot.js put in <head>, in order: the app's stylesheet (with its attributes), the rest by `rel`. */
    head: () =>
      head.map((l) => (l.rel === 'stylesheet' ? `stylesheet ${l.href} ${JSON.stringify(l.attributes)}` : l.rel)),
    /** The parser puts #root on the page. */
    parsed: () => {
      rootParsed = true;
      hear(documentElement);
    },
    /** The browser paints a frame: the animation frame callbacks run, then the paint. */
    painted: () => {
      for (const run of frames.splice(0)) run();
    },
    /** The parser is done and the app's modules have run. */
    contentLoaded: () => {
      for (const listener of listeners) listener();
    },
    /** The app's stylesheet has come. */
    styled: () => head.find((l) => l.rel === 'stylesheet')?.onload?.(),
    /** The frame boot.js put on the page, if any, and whether it is still there. */
    frame: () => {
      const frame = body[0] as (FakeElement & { parts: Map<string, FakeElement> }) | undefined;
      if (!frame) return null;
      const text = (selector: string) => frame.parts.get(selector)?.textContent;
      return {
        shown: !frame.removed,
        title: text('h1'),
        crumbs: [0, 2].map((i) => text(`.boot-frame-crumb span:${i}`)),
        hidden: frame.attributes['aria-hidden'],
        /** The template whose copy it holds (the sign-in page's frame). */
        content: frame.attributes.content,
        data: frame.dataset,
      };
    },
    /** The app renders something (an 'h1', an alert) and the frame's observer hears of it. */
    appShows: (what: string | null) => {
      app.shows = what;
      for (const o of observers) if (o.observing && o.target !== documentElement) o.callback();
    },
    /** Run the tasks boot.js queued for now (not its later ones), one by one, and say how many there were. */
    runTasks: () => {
      let tasks = 0;
      for (
        let next = timers.findIndex((t) => t.delay === 0);
        next >= 0;
        next = timers.findIndex((t) => t.delay === 0)
      ) {
        timers.splice(next, 1)[0]!.run();
        tasks += 1;
      }
      return tasks;
    },
    /** Run the next task boot.js queued for now, if there is one. */
    runTasksOnce: () => {
      const next = timers.findIndex((t) => t.delay === 0);
      if (next < 0) return false;
      timers.splice(next, 1)[0]!.run();
      return true;
    },
    /** Let `ms` pass: run the later tasks due by then. */
    wait: (ms: number) => {
      for (const timer of timers.filter((t) => t.delay > 0 && t.delay <= ms)) timer.run();
    },
  };
}

describe('boot.js', () => {
  it("asks for a signed-in page's shell and page just after the frame's first paint, three files a task", () => {
    const page = boot('/', true);
    page.parsed();
    // Before the paint: nothing that would keep the main thread from it.
    expect(page.modules()).toEqual([]);
    page.painted();
    // One task applies the stylesheet, then seven ask for 20 files.
    expect(page.runTasks()).toBe(8);
    expect(page.modules()).toEqual(files.slice(0, 20).map((f) => `/assets/${f}`));
  });

  it("tells the app once every request for the page's code has started, not before", async () => {
    const page = boot('/', true);
    page.parsed();
    page.painted();
    expect(await page.preloadsStarted()).toBe(false);
    // Task by task: not told while any file is still to be asked for.
    while (page.modules().length < 20) {
      expect(await page.preloadsStarted()).toBe(false);
      expect(page.runTasksOnce()).toBe(true);
    }
    expect(page.modules()).toHaveLength(20);
    expect(await page.preloadsStarted()).toBe(true);
  });

  it('tells the app at once on a guest page, whose few files are asked for in one go', async () => {
    const page = boot('/register', false);
    expect(await page.preloadsStarted()).toBe(true);
  });

  it("asks for another guest page's code at once, with the stylesheet holding the paint", () => {
    const page = boot('/register', false);
    expect(page.head()[0]).toBe('stylesheet /assets/style-1.css {"blocking":"render"}');
    expect(page.modules()).toEqual(files.slice(20, 22).map((f) => `/assets/${f}`));
  });

  it("applies a signed-in page's stylesheet after the frame's first paint, before what boot.js asked for", () => {
    const page = boot('/tna/create', true);
    page.parsed();
    expect(page.head()).toEqual([]);
    page.painted();
    page.runTasks();
    expect(page.head()[0]).toBe('stylesheet /assets/style-1.css {}');
    // The texts, then the shell's and the page's code.
    expect(page.head().slice(1)).toEqual(['preload', ...Array(9).fill('modulepreload')]);
  });

  it('starts it all when the app has run, if no frame was painted before', () => {
    const page = boot('/', true);
    page.parsed();
    page.contentLoaded();
    expect(page.head()[0]).toBe('stylesheet /assets/style-1.css {}');
    page.runTasks();
    expect(page.modules()).toHaveLength(20);
    // The paint that comes after starts nothing twice.
    page.painted();
    page.runTasks();
    expect(page.modules()).toHaveLength(20);
  });

  it("paints a signed-in page's frame with its title in the chosen language once the parser has put #root", () => {
    const page = boot('/tna/create', true, { language: 'fa', 'tna-color-scheme': 'dark' });
    expect(page.document.documentElement.dir).toBe('rtl');
    expect(page.document.documentElement.lang).toBe('fa');
    expect(page.document.title).toBe('ارزیابی جدید - TNA System');
    expect(page.frame()).toBeNull();
    page.parsed();
    expect(page.frame()).toMatchObject({
      shown: true,
      title: 'ارزیابی جدید',
      crumbs: ['خانه', 'ارزیابی جدید'],
      // Only a picture of what is coming: screen readers wait for the app's page.
      hidden: 'true',
      data: { header: 'default', skin: 'dark', rail: 'true' },
    });
    expect(page.document.documentElement.attributes['data-mantine-color-scheme']).toBe('dark');
  });

  it("draws the frame in the user's display settings", () => {
    const settings = JSON.stringify({ navbarVariant: 'teal', sidebarSkin: 'light', sidebarCollapsed: false });
    const page = boot('/', true, { 'tna-display-settings': settings });
    page.parsed();
    expect(page.frame()).toMatchObject({ title: 'Dashboard', data: { header: 'teal', skin: 'light', rail: 'false' } });
    expect(page.document.documentElement.dir).toBe('ltr');
  });

  it('takes the frame away when the app shows a heading or an alert styled, and after 20 seconds without', () => {
    for (const shown of ['h1', 'alert']) {
      const page = boot('/', true);
      page.parsed();
      page.painted();
      page.runTasks();
      page.styled();
      page.appShows('div');
      expect(page.frame()?.shown).toBe(true);
      page.appShows(shown);
      expect(page.frame()?.shown).toBe(false);
    }
    // A heading before the stylesheet has come: the frame stays over the unstyled page until it has.
    const early = boot('/', true);
    early.parsed();
    early.painted();
    early.runTasks();
    early.appShows('h1');
    expect(early.frame()?.shown).toBe(true);
    early.styled();
    expect(early.frame()?.shown).toBe(false);
    const page = boot('/', true);
    page.parsed();
    page.wait(19_000);
    expect(page.frame()?.shown).toBe(true);
    page.wait(20_000);
    expect(page.frame()?.shown).toBe(false);
  });

  it("paints the sign-in page's frame for a guest, wherever the app will send them to sign in", () => {
    for (const [path, language] of [
      ['/login', 'fa'],
      ['/tna/create', 'ps'],
      ['/', 'en'],
    ] as const) {
      const page = boot(path, false, { language });
      expect(page.document.title, path).toBe(
        { en: 'Sign In - TNA System', fa: 'ورود - TNA System', ps: 'ننوتل - TNA System' }[language],
      );
      page.parsed();
      expect(page.frame(), path).toMatchObject({
        shown: true,
        content: `boot-sign-in-${language}`,
        hidden: 'true',
        data: { page: 'sign-in' },
      });
      // The stylesheet does not hold the frame's first paint; it and the page's code follow it.
      expect(page.head(), path).toEqual([]);
      page.painted();
      page.runTasks();
      expect(page.head()[0], path).toBe('stylesheet /assets/style-1.css {}');
      expect(page.modules(), path).toEqual(files.slice(20).map((f) => `/assets/${f}`));
      page.styled();
      page.appShows('h1');
      expect(page.frame()?.shown, path).toBe(false);
    }
  });

  it('paints no frame on another guest page, or on a path the app does not have', () => {
    for (const [path, signedIn] of [
      ['/register', false],
      ['/login', true],
      ['/no-such-page', true],
    ] as const) {
      const page = boot(path, signedIn);
      page.parsed();
      expect(page.frame(), path).toBeNull();
      expect(page.head()[0], path).toBe('stylesheet /assets/style-1.css {"blocking":"render"}');
    }
  });
});
