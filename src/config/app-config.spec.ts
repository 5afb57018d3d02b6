import { ConfigError, loadConfig } from './app-config.js';

const SECRET = 'a-development-secret-of-at-least-32-chars';

describe(loadConfig.name, () => {
  it('should give every variable its default when the environment is empty', () => {
    const config = loadConfig({});

    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATA_DIR: './data',
      EMBEDDED_PG_PORT: 5433,
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('should convert numbers and keep optional variables that are set', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://app:pw@db:5432/app',
      APP_SECRET: SECRET,
    });

    expect(config.PORT).toBe(8080);
    expect(config.DATABASE_URL).toBe('postgres://app:pw@db:5432/app');
    expect(config.APP_SECRET).toBe(SECRET);
  });

  it('should bound every database wait by default and refuse a pool too small to serve', () => {
    expect(loadConfig({})).toMatchObject({
      DATABASE_POOL_SIZE: 20,
      DATABASE_CONNECT_TIMEOUT_MS: 5000,
      DATABASE_LOCK_TIMEOUT_MS: 5000,
      DATABASE_STATEMENT_TIMEOUT_MS: 30000,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => loadConfig({ DATABASE_LOCK_TIMEOUT_MS: '0' })).toThrow(/DATABASE_LOCK_TIMEOUT_MS/);
  });

  it('should choose the rule engine to find the fronts unless OpenCV or the model is asked for, and refuse any other', () => {
    expect(loadConfig({}).VISUALIZER_DETECTOR).toBe('rules');
    expect(loadConfig({ VISUALIZER_DETECTOR: 'opencv' }).VISUALIZER_DETECTOR).toBe('opencv');
    expect(loadConfig({ VISUALIZER_DETECTOR: 'sam' }).VISUALIZER_DETECTOR).toBe('sam');
    expect(() => loadConfig({ VISUALIZER_DETECTOR: 'learned' })).toThrow(/VISUALIZER_DETECTOR/);
  });

  it('should treat an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
    });
  });

  it('should ignore variables it does not declare', () => {
    expect(loadConfig({ PATH: '/usr/bin', HOME: '/root' })).not.toHaveProperty('PATH');
  });

  it('should refuse a bad value naming the variable and the value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT: .*integer.* \(got "abc"\)/);
  });

  it('should name every bad variable at once', () => {
    expect(() => loadConfig({ PORT: '70000', LOG_LEVEL: 'loud' })).toThrow(
      /PORT: [^\n]*\n\s+LOG_LEVEL: /,
    );
  });

  it('should never echo the value of a secret', () => {
    const attempt = () =>
      loadConfig({ APP_SECRET: 'too-short-secret', DATABASE_URL: 'mysql://u:hunter2@db/app' });

    expect(attempt).toThrow(/APP_SECRET: APP_SECRET must be at least 32 characters long/);
    expect(attempt).toThrow(/DATABASE_URL: DATABASE_URL must be a postgres:\/\/ URL/);
    expect(attempt).not.toThrow(/too-short-secret|hunter2/);
  });

  it('should require APP_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      'APP_SECRET: required in production',
    );
    expect(loadConfig({ NODE_ENV: 'production', APP_SECRET: SECRET }).NODE_ENV).toBe('production');
  });
});
