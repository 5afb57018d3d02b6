import type request from 'supertest';
import { eventCount, validQuote } from '../support/public-intake.js';
import { bearer, signInAs } from '../support/staff.js';
import { createTestLead } from '../support/leads.js';
import { useTestApp } from '../support/app-fixture.js';
import { AINO_ORDER } from '../support/lead-fixtures.js';

type Method = 'post' | 'put' | 'patch';
interface WriteRoute {
  method: Method;
  path: string;
  staff: boolean;
  /** A body the route accepts, and the path of the string field the test spoils. */
  body: Record<string, unknown>;
  field: string;
}

const NUL = 'Aino\u0000';
const LONE_SURROGATE = 'Aino\ud800';

const leadFields = () => ({
  customerFirstName: 'Aino',
  customerLastName: 'Virtanen',
  customerEmail: 'aino.virtanen@example.fi',
  ...AINO_ORDER,
});

/** Sets `value` at a dotted path of a copy of `body`. */
function spoil(body: Record<string, unknown>, field: string, value: string) {
  const copy = structuredClone(body);
  const keys = field.split('.');
  let at = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys.at(-1)!] = value;
  return copy;
}

/** JSON text of arrays nested `depth` levels (a client's serialiser would overflow on the value). */
const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const postJson = (call: request.Test, json: string) =>
  call.set('Content-Type', 'application/json').send(json);

describe('The HTTP edge', () => {
  let memberId: string;
  let leadId: string;
  let routes: WriteRoute[];

  const testApp = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  const admin = testApp.signedIn('admin');

  beforeAll(async () => {
    memberId = (await signInAs(testApp, 'salesperson')).member.id;
    leadId = await createTestLead(testApp, { firstName: 'Aino', lastName: 'Virtanen' });
    routes = [
      {
        method: 'post',
        path: '/api/quote',
        staff: false,
        body: validQuote(),
        field: 'customer.firstName',
      },
      {
        method: 'post',
        path: '/api/contact',
        staff: false,
        body: { firstName: 'Matti', lastName: 'V', email: 'm@example.fi', message: 'Hei' },
        field: 'message',
      },
      {
        method: 'post',
        path: '/api/analytics',
        staff: false,
        body: { event: 'page_view', page: '/', data: { step: 'one' } },
        field: 'data.step',
      },
      {
        method: 'post',
        path: '/api/admin/quotes/create-lead',
        staff: true,
        body: leadFields(),
        field: 'customerLastName',
      },
      {
        method: 'put',
        path: `/api/admin/quotes/${leadId}`,
        staff: true,
        body: { status: 'contacted', notes: 'Soitettu', expectedVersion: 1 },
        field: 'notes',
      },
      {
        method: 'put',
        path: `/api/admin/quotes/${leadId}/update-lead`,
        staff: true,
        body: { ...leadFields(), expectedVersion: 1 },
        field: 'customerFirstName',
      },
      {
        method: 'put',
        path: '/api/auth/profile',
        staff: true,
        body: { firstName: 'Anna', lastName: 'Admin', email: 'anna@example.fi' },
        field: 'lastName',
      },
      {
        method: 'put',
        path: '/api/auth/password',
        staff: true,
        body: { currentPassword: 'x', newPassword: 'a new long pass phrase' },
        field: 'newPassword',
      },
      {
        method: 'post',
        path: '/api/admin/users',
        staff: true,
        body: { firstName: 'Uusi', lastName: 'Myyjä', email: 'uusi@example.fi' },
        field: 'firstName',
      },
      {
        method: 'patch',
        path: `/api/admin/users/${memberId}`,
        staff: true,
        body: { firstName: 'Sami', lastName: 'S', email: 's@example.fi', role: 'salesperson' },
        field: 'lastName',
      },
      {
        method: 'post',
        path: '/api/admin/pipeline-columns',
        staff: true,
        body: { name: 'On Hold', color: 'orange' },
        field: 'name',
      },
      {
        method: 'put',
        path: '/api/admin/pipeline-columns/new',
        staff: true,
        body: { name: 'Fresh', color: 'blue' },
        field: 'name',
      },
    ];
  });

  const send = (route: WriteRoute, body: unknown) => {
    const call = testApp.api[route.method](route.path);
    return (route.staff ? call.set(bearer(admin.token)) : call).send(body as object);
  };

  describe('NUL characters and unpaired surrogates', () => {
    it.each([
      ['a NUL character', NUL],
      ['an unpaired surrogate', LONE_SURROGATE],
    ])(
      'should refuse %s in any string of every write route with 400 naming the field',
      async (_, bad) => {
        const before = await eventCount(testApp);
        for (const route of routes) {
          const response = await send(route, spoil(route.body, route.field, bad));
          expect({
            route: route.path,
            status: response.status,
            message: response.body.message,
          }).toEqual({
            route: route.path,
            status: 400,
            message: `${route.field} must not contain NUL characters or unpaired surrogates`,
          });
        }
        expect(await eventCount(testApp)).toBe(before);
      },
    );

    it('should refuse them in an object key too', async () => {
      const response = await testApp.api
        .post('/api/analytics')
        .send({ event: 'page_view', page: '/', data: { ['k\u0000']: 1 } })
        .expect(400);
      expect(response.body.message).toBe(
        'data.k\u0000 must not contain NUL characters or unpaired surrogates',
      );
    });

    it('should refuse a NUL character in the search and status queries', async () => {
      for (const name of ['search', 'status']) {
        const response = await testApp.api
          .get(`/api/admin/quotes?${name}=Aino%00`)
          .set(bearer(admin.token))
          .expect(400);
        expect(response.body.message).toBe(
          `${name} must not contain NUL characters or unpaired surrogates`,
        );
      }
    });

    it('should refuse a NUL character in a path parameter', async () => {
      for (const call of [
        testApp.api.put('/api/admin/pipeline-columns/a%00b').send({ name: 'X', color: 'red' }),
        testApp.api.delete('/api/admin/pipeline-columns/a%00b?moveLeadsTo=new'),
        testApp.api.get('/api/admin/users/a%00'),
      ]) {
        const response = await call.set(bearer(admin.token)).expect(400);
        expect(response.body.message).toBe(
          'path must be UTF-8 without NUL or other control characters',
        );
      }
    });

    it('should read the UTF-8 of a lone surrogate in a query as a replacement character', async () => {
      // Percent-decoding cannot produce a lone surrogate: the bytes become U+FFFD.
      await testApp.api
        .get('/api/admin/quotes?search=Aino%ED%A0%80')
        .set(bearer(admin.token))
        .expect(200);
    });

    it('should keep accepting text with emoji and Finnish letters (control)', async () => {
      await testApp.api
        .get('/api/admin/quotes')
        .query({ search: 'Äänekoski 😀' })
        .set(bearer(admin.token))
        .expect(200);
      await testApp.api
        .post('/api/contact')
        .send({ firstName: 'Öörni', lastName: 'Å', email: 'o@example.fi', message: 'Kiitos 👍' })
        .expect(201);
    });
  });

  describe('deeply nested JSON', () => {
    it('should refuse 5,000 levels of arrays in a quote with 400 and store nothing', async () => {
      const before = await eventCount(testApp);
      const body = JSON.stringify(validQuote()).replace('"doors":8', `"doors":${nested(5000)}`);
      const response = await postJson(testApp.api.post('/api/quote'), body).expect(400);
      expect(response.body.message).toMatch(/nested too deeply/);
      expect(await eventCount(testApp)).toBe(before);
    });

    it('should refuse 16,000 levels in analytics data with 400', async () => {
      const body = `{"event":"page_view","page":"/","data":{"x":${nested(16_000)}}}`;
      const response = await postJson(testApp.api.post('/api/analytics'), body).expect(400);
      expect(response.body.message).toMatch(/nested too deeply/);
    });

    it('should refuse deep nesting in a staff body and keep answering afterwards', async () => {
      const body = `{"name":${nested(40)},"color":"red"}`;
      await postJson(
        testApp.api.post('/api/admin/pipeline-columns').set(bearer(admin.token)),
        body,
      ).expect(400);
      await testApp.api.get('/api/health').expect(200);
    });
  });

  describe('JSON only', () => {
    it.each([
      ['a form post', 'application/x-www-form-urlencoded', 'firstName=Matti&email=m%40example.fi'],
      [
        'a multipart post',
        'multipart/form-data; boundary=x',
        '--x\r\nContent-Disposition: form-data; name="email"\r\n\r\nm@example.fi\r\n--x--\r\n',
      ],
      ['a text post', 'text/plain', '{"email":"m@example.fi"}'],
    ])(
      'should refuse %s to contact and login with 415 and store nothing',
      async (_, type, body) => {
        const before = await eventCount(testApp);
        for (const path of ['/api/contact', '/api/auth/login']) {
          const response = await testApp.api
            .post(path)
            .set('Content-Type', type)
            .send(body)
            .expect(415);
          expect(response.body).toEqual({
            statusCode: 415,
            error: 'Unsupported Media Type',
            // The public site's routes answer in Finnish, the staff's in English.
            message:
              path === '/api/contact'
                ? 'Tiedot lähetetään JSON-muodossa (Content-Type: application/json).'
                : 'Request body must be JSON (Content-Type: application/json)',
          });
        }
        expect(await eventCount(testApp)).toBe(before);
      },
    );

    it('should accept JSON with a charset and calls without a body (controls)', async () => {
      await testApp.api
        .post('/api/contact')
        .set('Content-Type', 'application/json; charset=utf-8')
        .send(JSON.stringify({ firstName: 'Matti', lastName: 'V', email: 'm@example.fi' }))
        .expect(201);
      const { token } = await signInAs(testApp, 'admin');
      await testApp.api.post('/api/auth/logout').set(bearer(token)).expect(200);
    });
  });

  describe('Cache-Control', () => {
    it('should answer every staff call with no-store, errors included', async () => {
      for (const path of [
        '/api/admin/quotes',
        `/api/admin/quotes/${leadId}`,
        `/api/admin/quotes/${leadId}/history`,
        '/api/admin/users',
        '/api/quotes/deleted',
        '/api/auth/verify',
      ]) {
        const response = await testApp.api.get(path).set(bearer(admin.token));
        expect({ path, status: response.status, cache: response.headers['cache-control'] }).toEqual(
          {
            path,
            status: 200,
            cache: 'no-store',
          },
        );
      }
      const anonymous = await testApp.api.get('/api/admin/quotes').expect(401);
      expect(anonymous.headers['cache-control']).toBe('no-store');
    });

    it('should answer a sign-in with no-store', async () => {
      const member = await signInAs(testApp, 'manager');
      const response = await testApp.api
        .post('/api/auth/login')
        .send({ email: member.member.email, password: 'correct horse battery staple' })
        .expect(200);
      expect(response.headers['cache-control']).toBe('no-store');
    });

    it('should leave public catalogue answers cacheable (control)', async () => {
      const response = await testApp.api.get('/api/patterns').expect(200);
      expect(response.headers['cache-control']).toMatch(/^public/);
    });
  });

  describe('security headers', () => {
    const API_POLICY = "default-src 'none'; frame-ancestors 'none'";
    const guarded = (headers: Record<string, string>) => ({
      nosniff: headers['x-content-type-options'],
      framing: headers['x-frame-options'],
      transport: headers['strict-transport-security'],
    });

    it('should answer the API, errors and writes included, with the policy that lets nothing run or frame it', async () => {
      const answers = [
        await testApp.api.post('/api/quote').send(validQuote()).expect(201),
        await testApp.api.post('/api/quote').send({}).expect(400),
        await testApp.api.get('/api/patterns').expect(200),
        await testApp.api.get('/api/admin/quotes').expect(401),
      ];
      for (const { headers } of answers) {
        expect(headers['content-security-policy']).toBe(API_POLICY);
        expect(guarded(headers)).toEqual({
          nosniff: 'nosniff',
          framing: 'DENY',
          transport: expect.stringContaining('max-age='),
        });
      }
    });

    it('should give pages and the API documentation the page policy', async () => {
      for (const path of ['/', '/ei-ole-olemassa', '/api/docs']) {
        const { headers } = await testApp.api.get(path);
        expect({ path, csp: headers['content-security-policy'] }).toEqual({
          path,
          csp: expect.stringContaining("script-src 'self'"),
        });
        expect(headers['x-content-type-options']).toBe('nosniff');
      }
    });
  });
});
