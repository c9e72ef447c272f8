import fc from 'fast-check';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { pageWindow, toPage } from './paging.js';

describe('page links', () => {
  it('lists every page of a short list', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("puts '...' between the ends and the pages around the current one", () => {
    expect(pageWindow(10, 40)).toEqual([1, 2, null, 7, 8, 9, 10, 11, 12, 13, null, 39, 40]);
    expect(pageWindow(1, 40)).toEqual([1, 2, 3, 4, null, 39, 40]);
    expect(pageWindow(40, 40)).toEqual([1, 2, null, 37, 38, 39, 40]);
  });
});

/** A request as toPage reads it: its address, on a server with no PUBLIC_URL. */
const requestFor = (url: string) =>
  ({ url, protocol: 'http', host: 'tna.example', server: { config: {} } }) as unknown as FastifyRequest;

/** What a link must be: the request's address with its page set by URLSearchParams (the rest as it was). */
function expectedLink(url: string, page: number): string {
  const u = new URL(url, 'http://tna.example');
  u.searchParams.set('page', String(page));
  return u.toString();
}

describe('toPage', () => {
  it("keeps the query's other parameters, in order, in every link", () => {
    const page = toPage(requestFor('/api/tnas/bystatus/NEW?sort=name&page=3&lang=fa'), [], 100, 3, 15);
    expect(page.next_page_url).toBe('http://tna.example/api/tnas/bystatus/NEW?sort=name&page=4&lang=fa');
    expect(page.first_page_url).toBe('http://tna.example/api/tnas/bystatus/NEW?sort=name&page=1&lang=fa');
    expect(page.path).toBe('http://tna.example/api/tnas/bystatus/NEW');
    const plain = toPage(requestFor('/api/users'), [], 40, 1, 15);
    expect(plain.last_page_url).toBe('http://tna.example/api/users?page=3');
  });

  it('builds each link as URLSearchParams would, whatever the query holds', () => {
    const name = fc.constantFrom('page', 'sort', 'lang', 'q', 'a b', 'ژ', '&', '=');
    const value = fc.string({ maxLength: 6 });
    fc.assert(
      fc.property(fc.array(fc.tuple(name, value), { maxLength: 6 }), fc.integer({ min: 1, max: 9 }), (pairs, n) => {
        const url = `/api/list?${new URLSearchParams(pairs).toString()}`;
        const page = toPage(requestFor(url), [], 200, n, 15);
        expect(page.first_page_url).toBe(expectedLink(url, 1));
        expect(page.last_page_url).toBe(expectedLink(url, 14));
        for (const link of page.links)
          if (link.url) expect(link.url).toBe(expectedLink(url, Number(new URL(link.url).searchParams.get('page'))));
      }),
    );
  });
});
