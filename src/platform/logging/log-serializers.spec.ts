import { httpLogSerializers } from './log-serializers.js';

describe('httpLogSerializers', () => {
  it('should leave credentials out of a logged request and keep the rest', () => {
    const logged = httpLogSerializers.req({
      method: 'PUT',
      url: '/api/admin/quotes/1',
      headers: {
        authorization: 'Bearer secret-token',
        Cookie: 'visitor=abc',
        'content-type': 'application/json',
      },
    });
    expect(logged).toEqual({
      method: 'PUT',
      url: '/api/admin/quotes/1',
      headers: { 'content-type': 'application/json' },
    });
    expect(JSON.stringify(logged)).not.toMatch(/secret-token|visitor=abc/);
  });

  it('should leave cookies set by a response out of its log entry', () => {
    const logged = httpLogSerializers.res({
      statusCode: 200,
      headers: { 'set-cookie': ['visitor=abc; HttpOnly'], 'x-request-id': 'r1' },
    });
    expect(logged).toEqual({ statusCode: 200, headers: { 'x-request-id': 'r1' } });
  });
});
