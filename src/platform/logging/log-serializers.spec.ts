import { httpLogSerializers, truncateIp, withoutQuery } from './log-serializers.js';

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

  it('should log the path without its query, and neither query nor parameters', () => {
    const logged = httpLogSerializers.req({
      method: 'GET',
      url: '/api/admin/quotes?search=maija%40example.fi',
      query: { search: 'maija@example.fi' },
      params: { id: '1' },
      remoteAddress: '198.51.100.77',
      remotePort: 51234,
      headers: {
        referer: 'http://localhost/admin/leads?search=Maija',
        'x-forwarded-for': '198.51.100.77',
        'user-agent': 'test',
      },
    });
    expect(logged).toEqual({
      method: 'GET',
      url: '/api/admin/quotes',
      remoteAddress: '198.51.100.0',
      headers: { 'user-agent': 'test' },
    });
  });

  it('should log only the allowed headers, whatever else a client sends', () => {
    const logged = httpLogSerializers.req({
      method: 'POST',
      url: '/api/quote',
      headers: {
        'user-agent': 'test',
        'content-length': '321',
        'x-customer-email': 'maija@example.fi',
        'x-real-ip': '198.51.100.77',
      },
    });
    expect(logged.headers).toEqual({ 'user-agent': 'test', 'content-length': '321' });
  });

  it('should log a response by its status and length, without the cookies it sets', () => {
    const logged = httpLogSerializers.res({
      statusCode: 200,
      headers: { 'set-cookie': ['visitor=abc; HttpOnly'], 'content-length': '124' },
    });
    expect(logged).toEqual({ statusCode: 200, contentLength: '124' });
  });
});

describe(withoutQuery.name, () => {
  it('should keep a URL without a query as it is', () => {
    expect(withoutQuery('/api/health')).toBe('/api/health');
    expect(withoutQuery('/api/x?a=1?b')).toBe('/api/x');
  });
});

describe(truncateIp.name, () => {
  it.each([
    ['203.0.113.77', '203.0.113.0'],
    ['::ffff:203.0.113.77', '::ffff:203.0.113.0'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3::'],
    ['2001:db8::1', '2001:db8:0::'],
    ['::1', '0:0:0::'],
    ['fe80::1%eth0', 'fe80:0:0::'],
    ['not an address', undefined],
  ])('should reduce %s to %s', (address, network) => {
    expect(truncateIp(address)).toBe(network);
  });
});
