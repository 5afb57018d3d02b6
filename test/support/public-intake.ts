import { startTestApp, type TestApp } from './test-app.js';

/**
 * Starts a fresh app for one describe block of the public intake tests, with the per-IP
 * submission limit the block needs, and closes it afterwards. Call it where hooks may be
 * registered (inside `describe`); the returned function gives the running app in tests.
 */
export function usePublicIntakeApp(submissionsPerMinute: number): () => TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await startTestApp({ RATE_LIMIT_PER_MINUTE: String(submissionsPerMinute) });
  });
  afterAll(async () => {
    await testApp?.close();
  });
  return () => {
    if (!testApp) throw new Error('the public intake app is not running yet');
    return testApp;
  };
}

/** How many events the log holds: a refused submission must not change it. */
export async function eventCount(testApp: TestApp): Promise<number> {
  const { rows } = await testApp.db.pool.query<{ n: number }>(
    'select count(*)::int as n from events',
  );
  return rows[0].n;
}
