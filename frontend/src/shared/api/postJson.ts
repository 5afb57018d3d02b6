import { useCallback, useState } from 'react';

/**
 * A failed request in the shape the admin's RTK Query client gives it, so `errorMessage` and
 * `useIdempotencyKey` read both: an HTTP status with the answer's body, or FETCH_ERROR when the
 * server was not reached.
 */
export interface RequestError {
  status: number | 'FETCH_ERROR';
  data?: unknown;
  error?: string;
}

/**
 * A JSON request to the API; a failure is thrown as a {@link RequestError}. The public pages
 * need no cache, so no data library is part of their scripts.
 */
export async function requestJson<T>(
  path: string,
  {
    method = 'GET',
    body,
    headers = {},
  }: { method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers: body === undefined ? headers : { 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'include',
    });
  } catch (error) {
    throw { status: 'FETCH_ERROR', error: String(error) } satisfies RequestError;
  }
  const text = await response.text();
  let data: unknown = text;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    // Not JSON: the text itself.
  }
  if (!response.ok) throw { status: response.status, data } satisfies RequestError;
  return data as T;
}

/** POSTs JSON to the API with an Idempotency-Key. */
export const postJson = <T>(path: string, body: unknown, idempotencyKey: string): Promise<T> =>
  requestJson<T>(path, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

/** A write and whether it is under way, as a form needs them. */
export function useSend<A extends unknown[], T>(send: (...args: A) => Promise<T>) {
  const [sending, setSending] = useState(false);
  const run = useCallback(
    async (...args: A): Promise<T> => {
      setSending(true);
      try {
        return await send(...args);
      } finally {
        setSending(false);
      }
    },
    [send],
  );
  return [run, sending] as const;
}
