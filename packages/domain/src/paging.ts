/** The paged list shape of SPEC section 3 (Laravel's paginator), kept exactly for old clients. */
export interface PageLink {
  url: string | null;
  label: string;
  active: boolean;
}

export interface Page<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: PageLink[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

export interface PagedResponse<T> {
  data: Page<T>;
}

export interface ListResponse<T> {
  data: T[];
}

export const PREVIOUS_LABEL = '&laquo; Previous';
export const NEXT_LABEL = 'Next &raquo;';
export const ELLIPSIS_LABEL = '...';
