import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseUrl, socketDirectoryFor } from './postgres-cluster.js';
import { rotateLog } from './postmaster.js';

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

describe(databaseUrl.name, () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'kk-sock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('should connect through the Unix socket when the server has one', () => {
    writeFileSync(join(dir, '.s.PGSQL.5433'), '');
    const url = new URL(databaseUrl({ port: 5433, socketDir: dir }, 'app'));
    expect(url.searchParams.get('host')).toBe(dir);
    expect(url.pathname).toBe('/app');
  });

  it('should fall back to loopback TCP without a socket, or when the socket is gone', () => {
    expect(databaseUrl({ port: 5433, socketDir: '' }, 'app')).toBe(
      'postgres://postgres:postgres@127.0.0.1:5433/app',
    );
    expect(databaseUrl({ port: 5433, socketDir: dir }, 'app')).toBe(
      'postgres://postgres:postgres@127.0.0.1:5433/app',
    );
  });
});

describe(socketDirectoryFor.name, () => {
  it('should put the socket in the data directory unless its path is too long for one', () => {
    expect(socketDirectoryFor('/srv/app/data/db', 5433)).toBe('/srv/app/data/db');
    expect(socketDirectoryFor(`/srv/${'x'.repeat(100)}`, 5433)).toBe('');
  });

  it('should keep to TCP for a directory that PostgreSQL would read as a list of several', () => {
    expect(socketDirectoryFor('/srv/a,b/db', 5433)).toBe('');
    expect(socketDirectoryFor('/srv/"db"', 5433)).toBe('');
    expect(socketDirectoryFor('/srv/my app/db', 5433)).toBe('/srv/my app/db');
  });
});
