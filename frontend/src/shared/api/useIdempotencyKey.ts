import { useRef } from 'react';

/**
 * The Idempotency-Key of one form submission. It is kept across a failed network attempt so a
 * resend cannot create a second lead; once the server has answered (taken or refused the
 * request), the next attempt gets a new key.
 */
export function useIdempotencyKey() {
  const key = useRef<string | null>(null);
  return {
    /** The key of the attempt in progress, made on first use. */
    take: (): string => (key.current ??= crypto.randomUUID()),
    /** Call after each attempt, with its error if it failed. */
    settle: (error?: unknown): void => {
      if ((error as { status?: unknown } | undefined)?.status !== 'FETCH_ERROR') key.current = null;
    },
  };
}
