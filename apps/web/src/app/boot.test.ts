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
  pages: [['^/$', [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]]],
  guest: [['^/login/?$', [20, 21, 22, 23]]],
};

/** Run boot.js as a page at `path` would, signed in or not; its timers are run by hand. */
function boot(path: string, signedIn: boolean) {
  const head: Link[] = [];
  const timers: (() => void)[] = [];
  const page = {
    globalThis: {},
    localStorage: { getItem: (key: string) => (key === 'token' && signedIn ? 'a-token' : null) },
    location: { pathname: path },
    document: { createElement: () => ({}), head: { appendChild: (link: Link) => head.push(link) } },
    setTimeout: (run: () => void) => timers.push(run),
  };
  // The page's globals as the function's parameters: the script sees these, not the test's.
  new Function(...Object.keys(page), template.replace('__ROUTE_PRELOADS__', JSON.stringify(table)))(
    ...Object.values(page),
  );
  const modules = () => head.filter((l) => l.rel === 'modulepreload').map((l) => l.href);
  return {
    modules,
    /** Run the tasks boot.js queued, one by one, and say how many there were. */
    runTasks: () => {
      let tasks = 0;
      while (timers.length) {
        timers.shift()!();
        tasks += 1;
      }
      return tasks;
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
});
