import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { ADMIN_TOKEN_KEY } from './adminToken';

export { ADMIN_TOKEN_KEY };

/**
 * The one API client. Features add endpoints with `api.injectEndpoints` and share tags.
 * Data never goes stale on its own, no refetch on focus, no retries
 * (docs/product.md#client-data-caching).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api',
    credentials: 'include',
    prepareHeaders: (headers) => {
      const token = localStorage.getItem(ADMIN_TOKEN_KEY);
      if (token) headers.set('Authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  keepUnusedDataFor: 60 * 60 * 24,
  refetchOnFocus: false,
  refetchOnReconnect: false,
  tagTypes: [
    'Lead',
    'Leads',
    'Owners',
    'Columns',
    'Stats',
    'Team',
    'TeamSecurity',
    'Me',
    'Backups',
    'Emails',
    'Patterns',
    'DeletedLeads',
  ],
  endpoints: () => ({}),
});

export { errorMessage } from './errorMessage';
