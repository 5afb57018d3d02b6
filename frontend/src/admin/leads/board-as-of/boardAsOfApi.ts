import type { BoardAsOf } from '#src/contract/board-history';
import { api } from '@/shared/api/api';

/** The board and its totals as they stood at a past moment, computed from the log. */
export const boardAsOfApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBoardAsOf: build.query<BoardAsOf, { at: string; cardsPerColumn: number }>({
      query: (params) => ({ url: '/admin/pipeline/as-of', params }),
    }),
  }),
});

export const { useGetBoardAsOfQuery } = boardAsOfApi;
