import { afterFailure } from './retry-policy.js';

const policy = { baseDelayMs: 1000, maxAttempts: 4 };
const temporary = { permanent: false, reason: 'connect ECONNREFUSED 127.0.0.1:2525' };

describe(afterFailure.name, () => {
  it('should double the wait after each temporary failure', () => {
    expect([1, 2, 3].map((attempts) => afterFailure(temporary, attempts, policy))).toEqual([
      { kind: 'retry', delayMs: 1000 },
      { kind: 'retry', delayMs: 2000 },
      { kind: 'retry', delayMs: 4000 },
    ]);
  });

  it('should fail with the reason after the last try', () => {
    expect(afterFailure(temporary, 4, policy)).toEqual({ kind: 'fail', reason: temporary.reason });
  });

  it('should fail at once when the server refused the message for good', () => {
    const refused = { permanent: true, reason: '550 5.1.1 No such user' };
    expect(afterFailure(refused, 1, policy)).toEqual({ kind: 'fail', reason: refused.reason });
  });

  it('should never wait more than an hour', () => {
    expect(afterFailure(temporary, 3, { baseDelayMs: 3_000_000, maxAttempts: 10 })).toEqual({
      kind: 'retry',
      delayMs: 3_600_000,
    });
  });
});
