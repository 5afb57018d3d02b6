import { isDatabaseUnavailable, isDatabaseWaitExceeded } from './database-waits.js';

const withCode = (message: string, fields: Record<string, string>) =>
  Object.assign(new Error(message), fields);

describe('database failures that answer 503 and that appends retry', () => {
  it.each([
    [
      'a refused connection',
      withCode('connect ECONNREFUSED 127.0.0.1:5433', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    [
      'a missing socket',
      withCode('connect ENOENT /data/pg/.s.PGSQL.5433', { code: 'ENOENT', syscall: 'connect' }),
    ],
    [
      'a server shutting down',
      withCode('terminating connection due to administrator command', { code: '57P01' }),
    ],
    ['a server starting up', withCode('the database system is starting up', { code: '57P03' })],
    ['a connection exception', withCode('connection failure', { code: '08006' })],
    ['a connection lost under a query', new Error('Connection terminated unexpectedly')],
    [
      'a connection reset under a query',
      withCode('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' }),
    ],
    [
      'a socket the server ended',
      withCode('This socket has been ended by the other party', { code: 'EPIPE' }),
    ],
    ['a client pg will not use again', new Error('Client was closed and is not queryable')],
  ])('should call %s unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    [
      'a missing file',
      withCode("ENOENT: no such file or directory, open '/x'", { code: 'ENOENT', syscall: 'open' }),
    ],
    [
      'a missing directory',
      withCode("ENOENT: no such file or directory, stat '/x'", { code: 'ENOENT', syscall: 'stat' }),
    ],
    ['a unique violation', withCode('duplicate key value', { code: '23505' })],
    ['a lock timeout', withCode('canceling statement due to lock timeout', { code: '55P03' })],
    ['a plain error', new Error('boom')],
    ['a string', 'Connection terminated unexpectedly'],
  ])('should not call %s unavailable', (_, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  it('should keep waits that ran out apart from an unreachable database', () => {
    expect(isDatabaseWaitExceeded(withCode('lock timeout', { code: '55P03' }))).toBe(true);
    expect(
      isDatabaseWaitExceeded(
        withCode('connect ECONNREFUSED', { code: 'ECONNREFUSED', syscall: 'connect' }),
      ),
    ).toBe(false);
  });
});
