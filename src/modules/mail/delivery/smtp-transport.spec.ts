import { classifySendError } from './smtp-transport.js';

describe(classifySendError.name, () => {
  it('should take a 5xx answer as final, with the server text as the reason', () => {
    const refused = Object.assign(new Error('Can not send'), {
      responseCode: 550,
      response: '550 5.1.1 No such user',
    });
    expect(classifySendError(refused)).toEqual({
      permanent: true,
      reason: '550 5.1.1 No such user',
    });
  });

  it('should name a timeout as the server not answering, to be tried again', () => {
    const silent = Object.assign(new Error('Timeout'), { code: 'ETIMEDOUT' });
    expect(classifySendError(silent)).toEqual({
      permanent: false,
      reason: 'the mail server did not answer in time (Timeout)',
    });
  });

  it('should try again after a 4xx answer or a refused connection', () => {
    const busy = Object.assign(new Error('x'), { responseCode: 451, response: '451 Try later' });
    const down = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), {
      code: 'ESOCKET',
    });
    expect(classifySendError(busy).permanent).toBe(false);
    expect(classifySendError(down)).toEqual({
      permanent: false,
      reason: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
  });
});
