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
 * POSTs JSON to the API with an Idempotency-Key. The public pages' writes need no cache, so no
 * data library is part of their scripts.
 */
export async function postJson<T>(path: string, body: unknown, idempotencyKey: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(body),
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
