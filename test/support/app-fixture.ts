import request from 'supertest';
import type { StaffRole } from '#src/platform/http/access.decorators.js';
import { signInAs, type SignedInStaff, type StaffOverrides } from './staff.js';
import { startTestApp, type RunningApp, type TestApp, type TestAppOptions } from './test-app.js';
import type { TestDatabase } from './test-database.js';

/** A value, or a function read when the app starts: after the spec's own earlier `beforeAll`. */
type AtStart<T> = T | (() => T);

export interface TestAppFixtureOptions extends Omit<TestAppOptions, 'database'> {
  /** The app's environment (an SMTP sink's URL read at start). */
  env?: AtStart<Record<string, string>>;
  /** Another database to start on, left for the spec to drop (see `startTestApp`). */
  database?: AtStart<TestDatabase>;
  /** For an app that loads a model as it starts. */
  startTimeoutMs?: number;
}

/** What an e2e spec works with; read its fields inside hooks and tests. */
export interface TestAppFixture extends RunningApp {
  /** A supertest client of the app. */
  readonly api: ReturnType<typeof request>;
  /**
   * A new member of `role`, signed in over HTTP once the app has started. Call it where hooks
   * may be registered; read the fields of what it returns inside hooks and tests.
   */
  signedIn(role: StaffRole, profile?: StaffOverrides): SignedInStaff;
}

const atStart = <T extends object>(value: AtStart<T> | undefined): T | undefined =>
  typeof value === 'function' ? value() : value;

const started = <T>(value: T | undefined, name: string): T => {
  if (value === undefined) throw new Error(`${name} is not started yet`);
  return value;
};

/**
 * Registers the hooks an e2e spec needs: the real app on a fresh test database for the file (or
 * the `describe` it is called in), closed after it.
 */
export function useTestApp(options: TestAppFixtureOptions = {}): TestAppFixture {
  const { env, database, startTimeoutMs, ...appOptions } = options;
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await startTestApp(atStart(env), { ...appOptions, database: atStart(database) });
  }, startTimeoutMs);
  afterAll(async () => {
    await testApp?.close();
  });

  const running = () => started(testApp, 'the test app');
  const fixture: TestAppFixture = {
    get app() {
      return running().app;
    },
    get baseUrl() {
      return running().baseUrl;
    },
    get db() {
      return running().db;
    },
    get dataDir() {
      return running().dataDir;
    },
    get api() {
      return request(running().baseUrl);
    },
    signedIn(role, profile) {
      let staff: SignedInStaff | undefined;
      beforeAll(async () => {
        staff = await signInAs(fixture, role, profile);
      });
      return {
        get token() {
          return started(staff, `the signed-in ${role}`).token;
        },
        get member() {
          return started(staff, `the signed-in ${role}`).member;
        },
      };
    },
  };
  return fixture;
}
