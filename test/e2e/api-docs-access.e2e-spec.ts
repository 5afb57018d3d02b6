import request from 'supertest';
import { bearer, signInAs } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

const DOCUMENT_PATHS = ['/api/docs-json', '/api/docs-yaml', '/api/docs'];

describe('The API document in production', () => {
  const testApp = useTestApp({ env: { NODE_ENV: 'production' } });

  it('should refuse anonymous callers and forged tokens with 401, naming why', async () => {
    const { token } = await signInAs(testApp, 'salesperson');
    for (const path of DOCUMENT_PATHS) {
      const anonymous = await request(testApp.baseUrl).get(path);
      expect([path, anonymous.status]).toEqual([path, 401]);
      expect(anonymous.body).toEqual({
        statusCode: 401,
        error: 'Unauthorized',
        message: 'The API document is for signed-in staff',
      });
      const forged = await request(testApp.baseUrl)
        .get(path)
        .set(bearer(`${token.slice(0, -4)}AAAA`));
      expect([path, forged.status]).toEqual([path, 401]);
    }
  });

  it('should serve it to signed-in staff of any role', async () => {
    const { token } = await signInAs(testApp, 'salesperson');
    const response = await request(testApp.baseUrl).get('/api/docs-json').set(bearer(token));
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.paths)).toContain('/api/admin/quotes/{id}');
  });
});

describe('The API document outside production', () => {
  const testApp = useTestApp({ env: { NODE_ENV: 'development' } });

  it('should be open to anyone, for integrators and local tools', async () => {
    const response = await request(testApp.baseUrl).get('/api/docs-json');
    expect(response.status).toBe(200);
    expect(response.body.openapi).toMatch(/^3\./);
  });
});
