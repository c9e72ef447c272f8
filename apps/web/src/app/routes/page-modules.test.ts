import { describe, expect, it } from 'vitest';
import { pathPattern, readPageTable } from '../../../build/route-table';
import { PAGE_ROUTES } from './page-modules';
import source from './page-modules.ts?raw';

// The build reads this table's text to write boot.js's list of what each page loads first.
const table = readPageTable(source);

describe('the build list of what each page loads first', () => {
  it('reads every signed-in route of the router, in order, with its own module', () => {
    expect(table.map(([path]) => path)).toEqual(PAGE_ROUTES.map((route) => route.path));
    // The four review lists share one module; every other page has its own.
    expect(new Set(table.map(([, file]) => file)).size).toBe(PAGE_ROUTES.length - 3);
    for (const [, file] of table) expect(file).toMatch(/^\.\.\/\.\.\/features\/[a-z-]+\/pages\/[a-z-]+-page$/);
    // The title boot.js paints before the app has come (the build fails on a key with no text).
    expect(table.map(([, , title]) => title)).toEqual(PAGE_ROUTES.map((route) => route.title));
  });

  it('matches a path as the router does: whole, parameters as one segment, a trailing slash allowed', () => {
    const matches = (route: string, path: string) => new RegExp(pathPattern(route)).test(path);
    expect(matches('', '/')).toBe(true);
    expect(matches('', '/tna')).toBe(false);
    expect(matches('tna/details/:id', '/tna/details/42')).toBe(true);
    expect(matches('tna/details/:id', '/tna/details/42/')).toBe(true);
    expect(matches('tna/details/:id', '/tna/details')).toBe(false);
    expect(matches('tna/details/:id', '/tna/details/42/x')).toBe(false);
    expect(matches('tna', '/tna/create')).toBe(false);
    expect(matches('logs/user-logs', '/logs/user-logs')).toBe(true);
  });
});
