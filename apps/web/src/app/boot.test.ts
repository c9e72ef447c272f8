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
}

const files = Array.from({ length: 24 }, (_, i) => `chunk-${i}.js`);
const table = {
  files,
  shell: [0, 1, 2, 3, 4, 5, 6, 7],
  pages: [
    ['^/$', [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]],
    ['^/tna/create/?$', [8]],
  ],
  guest: [['^/login/?$', [20, 21, 22, 23]]],
  texts: {
    en: { home: 'Home', tab: '{title} - TNA System', titles: ['Dashboard', 'New Assessment'] },
    fa: { home: 'خانه', tab: '{title} - TNA System', titles: ['داشبورد', 'ارزیابی جدید'] },
    ps: { home: 'کور', tab: '{title} - TNA System', titles: ['ډشبورډ', 'نوې ارزونه'] },
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
  const body: FakeElement[] = [];
  const listeners: (() => void)[] = [];
  const observers: { callback: () => void; observing: boolean }[] = [];
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
    head: { appendChild: (link: Link) => head.push(link) },
    body: { appendChild: (el: FakeElement) => body.push(el) },
    createElement: element,
    getElementById: (id: string) =>
      id === 'root'
        ? { querySelector: (selector: string) => (app.shows && selector.includes(app.shows) ? {} : null) }
        : null,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const page = {
    globalThis: {},
    localStorage: {
      getItem: (key: string) => (key === 'token' ? (signedIn ? 'a-token' : null) : (stored[key] ?? null)),
    },
    location: { pathname: path },
    document,
    matchMedia: () => ({ matches: false }),
    MutationObserver: class {
      entry: { callback: () => void; observing: boolean };
      constructor(callback: () => void) {
        this.entry = { callback, observing: false };
        observers.push(this.entry);
      }
      observe() {
        this.entry.observing = true;
      }
      disconnect() {
        this.entry.observing = false;
      }
    },
    setTimeout: (run: () => void, delay = 0) => timers.push({ run, delay }),
    clearTimeout: () => {},
  };
  // The page's globals as the function's parameters: the script sees these, not the test's.
  new Function(...Object.keys(page), template.replace('__ROUTE_PRELOADS__', JSON.stringify(table)))(
    ...Object.values(page),
  );
  const modules = () => head.filter((l) => l.rel === 'modulepreload').map((l) => l.href);
  return {
    document,
    modules,
    /** The parser reaches <body>: the document turns "interactive". */
    parsed: () => {
      document.readyState = 'interactive';
      for (const listener of listeners) listener();
    },
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
        data: frame.dataset,
      };
    },
    /** The app renders something (an 'h1', an alert) and the frame's observer hears of it. */
    appShows: (what: string | null) => {
      app.shows = what;
      for (const o of observers) if (o.observing) o.callback();
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
    /** Let `ms` pass: run the later tasks due by then. */
    wait: (ms: number) => {
      for (const timer of timers.filter((t) => t.delay > 0 && t.delay <= ms)) timer.run();
    },
  };
}

describe('boot.js', () => {
  it("asks for a signed-in page's shell and page, six files a task, in the table's order", () => {
    const page = boot('/', true);
    expect(page.modules()).toHaveLength(6);
    expect(page.runTasks()).toBe(3);
    expect(page.modules()).toEqual(files.slice(0, 20).map((f) => `/assets/${f}`));
  });

  it('asks for the sign-in page for a guest, whatever the path', () => {
    const page = boot('/tna/create', false);
    page.runTasks();
    expect(page.modules()).toEqual(files.slice(20).map((f) => `/assets/${f}`));
  });

  it("paints a signed-in page's frame with its title in the chosen language once the parser reaches <body>", () => {
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

  it('takes the frame away when the app shows a heading or an alert, and after 20 seconds without', () => {
    for (const shown of ['h1', 'alert']) {
      const page = boot('/', true);
      page.parsed();
      page.appShows('div');
      expect(page.frame()?.shown).toBe(true);
      page.appShows(shown);
      expect(page.frame()?.shown).toBe(false);
    }
    const page = boot('/', true);
    page.parsed();
    page.wait(19_000);
    expect(page.frame()?.shown).toBe(true);
    page.wait(20_000);
    expect(page.frame()?.shown).toBe(false);
  });

  it('paints no frame for a guest, on a guest page or on a path the app does not have', () => {
    for (const [path, signedIn] of [
      ['/tna/create', false],
      ['/login', true],
      ['/no-such-page', true],
    ] as const) {
      const page = boot(path, signedIn);
      page.parsed();
      expect(page.frame(), path).toBeNull();
    }
  });
});
