import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rotateLog } from './embedded-postgres.js';

describe(rotateLog.name, () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kk-log-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should move a log past its limit aside, replacing the previous one', () => {
    const log = join(dir, 'server.log');
    writeFileSync(`${log}.1`, 'older');
    writeFileSync(log, 'x'.repeat(101));
    rotateLog(log, 100);
    expect(existsSync(log)).toBe(false);
    expect(readFileSync(`${log}.1`, 'utf8')).toBe('x'.repeat(101));
  });

  it('should leave a log within its limit, or no log at all, as it is', () => {
    const log = join(dir, 'server.log');
    rotateLog(log, 100);
    expect(existsSync(log)).toBe(false);
    writeFileSync(log, 'x'.repeat(100));
    rotateLog(log, 100);
    expect(readFileSync(log, 'utf8')).toBe('x'.repeat(100));
    expect(existsSync(`${log}.1`)).toBe(false);
  });
});
