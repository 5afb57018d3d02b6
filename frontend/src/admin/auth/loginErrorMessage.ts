import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/**
 * The server's `error` text; else "HTTP status: text" when the answer was not JSON;
 * else `fallback`, 'Invalid credentials' for the sign-in (docs/product.md#admin-session).
 */
export function loginErrorMessage(error: unknown, fallback = 'Invalid credentials'): string {
  const e = error as FetchBaseQueryError | undefined;
  if (!e) return fallback;
  if (e.status === 'PARSING_ERROR') {
    return `HTTP ${e.originalStatus}: ${e.data || 'Unexpected response'}`;
  }
  if (typeof e.status === 'number' && e.data && typeof e.data === 'object' && 'error' in e.data) {
    const text = (e.data as { error: unknown }).error;
    if (typeof text === 'string' && text) return text;
  }
  return fallback;
}
