/** What the worker does after a try that did not deliver. */
export type AfterFailure = { kind: 'retry'; delayMs: number } | { kind: 'fail'; reason: string };

export interface SendFailure {
  /** The server refused the message for good (a 5xx answer): trying again cannot help. */
  permanent: boolean;
  reason: string;
}

export interface RetryPolicy {
  baseDelayMs: number;
  maxAttempts: number;
}

const MAX_DELAY_MS = 3_600_000;

/** Exponential backoff for temporary failures; permanent ones and the last try end as failed. */
export function afterFailure(
  failure: SendFailure,
  attempts: number,
  policy: RetryPolicy,
): AfterFailure {
  if (failure.permanent || attempts >= policy.maxAttempts) {
    return { kind: 'fail', reason: failure.reason };
  }
  return {
    kind: 'retry',
    delayMs: Math.min(MAX_DELAY_MS, policy.baseDelayMs * 2 ** (attempts - 1)),
  };
}
