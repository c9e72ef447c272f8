import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AssessmentRowDto, AssessmentStatus, Language, PagedResponse } from '@tna/domain';
import { apiClient, toQueryString } from '../../../lib/api-client';

/** What a review list shows: its status, page, sort and (after Search) the search's filters. */
export interface ReviewListQuery {
  status: AssessmentStatus;
  page: number;
  sort: string | null;
  direction: 'asc' | 'desc' | null;
  lang: Language;
  /** Set once Search was pressed: the list then comes from POST /tnas/search. */
  province: number | null;
  district: number | null;
  health_facility: number | null;
}

export const reviewKeys = {
  list: (query: ReviewListQuery) => ['tnas', 'review', query] as const,
};

/**
 * GET /api/tnas/bystatus/{status} (the full list) or, with a province, POST /api/tnas/search with
 * the filters in the body and page/sort in the query.
 */
export async function fetchReviewList(query: ReviewListQuery, signal?: AbortSignal) {
  const paging = toQueryString({
    page: query.page > 1 ? query.page : null,
    sort: query.sort,
    direction: query.sort ? query.direction : null,
    lang: query.lang,
  });
  if (query.province) {
    return (
      await apiClient.post<PagedResponse<AssessmentRowDto>>(
        `/tnas/search?${paging}`,
        {
          province: query.province,
          district: query.district,
          health_facility: query.health_facility,
          status: query.status,
        },
        { signal },
      )
    ).data;
  }
  return (await apiClient.get<PagedResponse<AssessmentRowDto>>(`/tnas/bystatus/${query.status}?${paging}`, { signal }))
    .data;
}

export function useReviewList(query: ReviewListQuery) {
  return useQuery(
    queryOptions({
      queryKey: reviewKeys.list(query),
      queryFn: ({ signal }) => fetchReviewList(query, signal),
      placeholderData: keepPreviousData,
      retry: false,
      // Coming back to the list tab (after deciding on a form in another) shows the list as it is now.
      refetchOnWindowFocus: true,
    }),
  );
}
