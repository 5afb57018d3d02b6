import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Runs the built server (npm test builds first; run `npm run build:server` before this file alone).
const MAIN = resolve('dist/src/main.js');

function startServer(env: Record<string, string>, cwd = process.cwd()) {
  const { PATH, HOME } = process.env;
  return spawnSync(process.execPath, [MAIN], {
    cwd,
    env: { PATH: PATH ?? '', HOME: HOME ?? '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('server start-up configuration', () => {
  it('should refuse to start on a bad PORT, naming it', () => {
    const result = startServer({ PORT: 'abc', DATA_DIR: mkdtempSync(join(tmpdir(), 'kk-cfg-')) });

    expect(result.status).toBe(78);
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).toContain('"abc"');
  });

  it('should read variables from a .env file in the working directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kk-cfg-'));
    writeFileSync(join(dir, '.env'), 'LOG_LEVEL=loud   # not a level\nDATA_DIR=./data\n');

    const result = startServer({}, dir);

    expect(result.status).toBe(78);
    expect(result.stderr).toMatch(/LOG_LEVEL: .*\(got "loud"\)/);
  });

  it('should let the real environment win over the .env file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kk-cfg-'));
    writeFileSync(join(dir, '.env'), 'LOG_LEVEL=info\nPORT=3000\n');

    const result = startServer({ PORT: 'not-a-port' }, dir);

    expect(result.status).toBe(78);
    expect(result.stderr).toContain('"not-a-port"');
  });
});
