import { Refusal } from '#src/platform/domain/refusal.js';

/** The refusal `work` ends in; any other outcome fails the test. */
export async function refusalOf(work: Promise<unknown>): Promise<Refusal> {
  const outcome: unknown = await work.then(
    () => new Error('expected a refusal, but the command was accepted'),
    (error: unknown) => error,
  );
  if (outcome instanceof Refusal) return outcome;
  throw outcome;
}

/** The refusal `work` throws; any other outcome fails the test. */
export function refusalThrownBy(work: () => unknown): Refusal {
  try {
    work();
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal, but the command was accepted');
}
