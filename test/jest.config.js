import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Test tiers by file suffix; all run against a real PostgreSQL started once in global setup. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'es6' },
  },
];

const common = {
  rootDir: root,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: {
    '^#src/(.*)\\.js$': '<rootDir>/src/$1',
    '^#migrations/(.*)\\.js$': '<rootDir>/migrations/$1',
    '^#test/(.*)\\.js$': '<rootDir>/test/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: { '^.+\\.ts$': swc },
  setupFiles: ['<rootDir>/test/support/preload.ts'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/frontend/', '<rootDir>/data/'],
};

/** The browser app's pure logic, in jsdom: TSX through swc, the frontend's two aliases. */
const frontend = {
  rootDir: root,
  displayName: 'frontend',
  testEnvironment: 'jsdom',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/frontend/src/$1',
    '^#src/(.*?)(\\.js)?$': '<rootDir>/src/$1',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  transform: {
    '^.+\\.tsx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'es6' },
      },
    ],
  },
  testMatch: ['<rootDir>/frontend/src/**/*.spec.{ts,tsx}'],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/frontend/dist', '<rootDir>/data/'],
};

export default {
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  rootDir: root,
  testTimeout: 60_000,
  // A suite whose afterAll times out can leave an app's timers running; without this Jest would
  // wait on them after reporting the failure, and CI would run to its time limit instead of failing.
  forceExit: true,
  projects: [
    { ...common, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/fixtures/**/*.spec.ts'] },
    frontend,
    { ...common, displayName: 'integration', testMatch: ['<rootDir>/test/integration/**/*.int-spec.ts'] },
    { ...common, displayName: 'e2e', testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'] },
    { ...common, displayName: 'browser', testMatch: ['<rootDir>/test/browser/**/*.browser-spec.ts'] },
  ],
};
