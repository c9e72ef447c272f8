import { ELLIPSIS_LABEL, NEXT_LABEL, type Page, type PageLink, PREVIOUS_LABEL } from '@tna/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { linkBase } from './public-url.js';

export const DEFAULT_PER_PAGE = 15;
export const MAX_PER_PAGE = 100;

/** Paging query parameters shared by every paged list. */
export const pageQuery = {
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
};

/** Which page numbers get a link: the first two, the last two and three on each side of the current one. */
export function pageWindow(current: number, last: number, onEachSide = 3): (number | null)[] {
  if (last <= onEachSide * 2 + 8) return Array.from({ length: last }, (_, i) => i + 1);
  const out: (number | null)[] = [];
  const from = Math.max(1, current - onEachSide);
  const to = Math.min(last, current + onEachSide);
  const push = (n: number) => {
    if (!out.includes(n)) out.push(n);
  };
  if (from > 3) {
    push(1);
    push(2);
    out.push(null);
  } else for (let i = 1; i < from; i++) push(i);
  for (let i = from; i <= to; i++) push(i);
  if (to < last - 2) {
    out.push(null);
    push(last - 1);
    push(last);
  } else for (let i = to + 1; i <= last; i++) push(i);
  return out;
}

/**
 * The paged shape of SPEC section 3 (Laravel's LengthAwarePaginator): every link keeps the request's
 * other query parameters (sort, search), so following it shows the next page of the same list.
 */
export function toPage<T>(
  request: FastifyRequest,
  rows: T[],
  total: number,
  page: number,
  perPage: number,
  /** The list's GET address, when the request itself is not one (a POST search). */
  listUrl?: string,
): Page<T> {
  const url = new URL(listUrl ?? request.url, linkBase(request));
  const path = `${url.origin}${url.pathname}`;
  // Each link is the address with its `page` set (in place, as URLSearchParams.set does, or last):
  // the rest of the query is encoded once, not once per link (a page has up to 17 links; a URL
  // object per link was a tenth of the server's own work on an uncached page).
  const params = [...url.searchParams];
  const at = params.findIndex(([name]) => name === 'page');
  const rest = params.filter(([name]) => name !== 'page');
  const cut = at === -1 ? rest.length : params.slice(0, at).filter(([name]) => name !== 'page').length;
  const encoded = (entries: [string, string][]) => new URLSearchParams(entries).toString();
  const before = encoded(rest.slice(0, cut));
  const after = encoded(rest.slice(cut));
  const link = (n: number) => `${path}?${before ? `${before}&` : ''}page=${n}${after ? `&${after}` : ''}`;
  const last = Math.max(1, Math.ceil(total / perPage));
  const from = total === 0 ? null : (page - 1) * perPage + 1;
  const to = total === 0 || from === null ? null : Math.min(total, from + rows.length - 1);
  const links: PageLink[] = [{ url: page > 1 ? link(page - 1) : null, label: PREVIOUS_LABEL, active: false }];
  for (const n of pageWindow(page, last)) {
    links.push(
      n === null
        ? { url: null, label: ELLIPSIS_LABEL, active: false }
        : { url: link(n), label: String(n), active: n === page },
    );
  }
  links.push({ url: page < last ? link(page + 1) : null, label: NEXT_LABEL, active: false });
  return {
    current_page: page,
    data: rows,
    first_page_url: link(1),
    from,
    last_page: last,
    last_page_url: link(last),
    links,
    next_page_url: page < last ? link(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? link(page - 1) : null,
    to,
    total,
  };
}
