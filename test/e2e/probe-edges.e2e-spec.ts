import { PERMISSIONS_POLICY } from '#src/platform/http/security-headers.js';
import { validQuote } from '../support/public-intake.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/** The edges a probe of a fresh install found (letter case, bytes, Host, names, refusals). */
describe('Edges of the HTTP surface', () => {
  const testApp = useTestApp({
    env: {
      RATE_LIMIT_PER_MINUTE: '1000',
      PORT: '3999',
    },
  });
  const admin = testApp.signedIn('admin');

  describe('letter case in paths', () => {
    it.each(['/API/DOCS-JSON', '/Api/docs-json', '/api/DOCS-JSON', '/API/health', '/aPi/quote'])(
      'should answer %s 404 as JSON, never the document or a page',
      async (path) => {
        const response = await testApp.api.get(path);
        expect(response.status).toBe(404);
        expect(response.headers['content-type']).toMatch(/application\/json/);
        expect(response.text).not.toContain('openapi');
      },
    );

    it('should not route an upper-case staff path around no-store or the sign-in check', async () => {
      const response = await testApp.api
        .post('/API/auth/login')
        .send({ email: 'x@example.fi', password: 'y' });
      expect(response.status).toBe(404);
      const answer = await testApp.api
        .get('/api/admin/quotes')
        .set(bearer(admin.token))
        .expect(200);
      expect(answer.headers['cache-control']).toBe('no-store');
    });
  });

  describe('bytes in paths', () => {
    it.each([
      ['DELETE', '/API/admin/pipeline-columns/a%00b'],
      ['DELETE', '/api/admin/pipeline-columns/a%00b'],
      ['GET', '/api/admin/quotes/%FF'],
      ['GET', '/api/admin/quotes/a%0Ab'],
      ['GET', '/api/quote%ED%A0%80'],
      ['GET', '/mallisto%00'],
      ['GET', '/vinyl_patterns/%C3%28.jpg'],
    ])('should answer %s %s 400 for every route', async (method, path) => {
      const response = await testApp.api[method.toLowerCase() as 'get'](path).set(
        bearer(admin.token),
      );
      expect(response.status).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/json/);
    });
  });

  describe("the site's own address", () => {
    it('should never name the Host a request sends, in robots.txt or the sitemap', async () => {
      const robots = await testApp.api.get('/robots.txt').set('Host', 'evil.example').expect(200);
      expect(robots.text).not.toContain('evil.example');
      expect(robots.text).toContain('Sitemap: http://localhost:3999/sitemap.xml');
      const sitemap = await testApp.api
        .get('/sitemap.xml')
        .set('Host', 'evil.example<x>')
        .expect(200);
      expect(sitemap.text).not.toContain('evil.example');
    });
  });

  describe('headers', () => {
    it('should send Permissions-Policy on pages, files and API answers', async () => {
      for (const path of ['/', '/robots.txt', '/api/health', '/api/site-config']) {
        const response = await testApp.api.get(path);
        expect([path, response.headers['permissions-policy']]).toEqual([path, PERMISSIONS_POLICY]);
      }
      expect(PERMISSIONS_POLICY).toContain('camera=()');
    });
  });

  describe('names in quotes and contact messages', () => {
    it.each([
      [
        'quote',
        '/api/quote',
        (name: string) => ({
          ...validQuote(),
          customer: { ...validQuote().customer, firstName: name },
        }),
        'customer.firstName',
      ],
      [
        'contact message',
        '/api/contact',
        (name: string) => ({ firstName: name, email: 'a@example.fi', message: 'Hei' }),
        'firstName',
      ],
    ])(
      'should refuse a name of two lines in a %s, in Finnish per field',
      async (_what, path, body, field) => {
        for (const name of [
          'Aino\nBcc: victim@example.fi',
          'Aino\rX',
          'Aino\u2028X',
          'Ai\u0007no',
        ]) {
          const refused = await testApp.api.post(path).send(body(name)).expect(400);
          expect(refused.body.fields).toEqual([
            {
              field,
              code: 'oneLine',
              message: 'Etunimi kirjoitetaan yhdelle riville ilman erikoismerkkejä.',
            },
          ]);
          expect(refused.body.message).toBe(refused.body.fields[0].message);
        }
      },
    );
  });

  describe('refusals of the public API', () => {
    it('should name each refused field with its path, code and a Finnish message', async () => {
      const quote = validQuote();
      const refused = await testApp.api
        .post('/api/quote')
        .send({
          ...quote,
          doors: 1000,
          customer: { ...quote.customer, email: 'ei-osoite', phone: 'abc' },
        })
        .expect(400);
      const fields = refused.body.fields as { field: string; code: string; message: string }[];
      expect(fields.map((f) => `${f.field}:${f.code}`).sort()).toEqual([
        'customer.email:isEmail',
        'customer.phone:matches',
        'doors:max',
      ]);
      expect(fields.find((f) => f.code === 'isEmail')!.message).toBe(
        'Tarkista sähköpostiosoite, esimerkiksi nimi@esimerkki.fi.',
      );
      expect(fields.find((f) => f.code === 'max')!.message).toBe(
        'Ovien määrä on liian suuri (enintään 999).',
      );
      expect(refused.body.message).toMatch(/^Tarkista lomakkeen tiedot: /);
    });

    it('should refuse the contact form, the visualizer and analytics in Finnish too', async () => {
      const contact = await testApp.api
        .post('/api/contact')
        .send({ firstName: '', email: 'x' })
        .expect(400);
      expect(contact.body.fields.map((f: { message: string }) => f.message)).toEqual(
        expect.arrayContaining([
          'Etunimi puuttuu.',
          'Tarkista sähköpostiosoite, esimerkiksi nimi@esimerkki.fi.',
        ]),
      );
      const upload = await testApp.api
        .post('/api/visualize')
        .send({ patternId: 'NH10' })
        .expect(400);
      expect(upload.body.fields[0]).toMatchObject({ field: 'kitchenImage' });
      expect(upload.body.message).not.toMatch(/must|should/);
      const analytics = await testApp.api
        .post('/api/analytics')
        .send({ event: 'page_view', page: '/', data: { note: 'a@example.fi' } });
      expect(analytics.status).toBe(400);
      expect(analytics.body.fields).toEqual([
        {
          field: 'data',
          code: 'noEmail',
          message: 'Tapahtuman tiedot eivät saa sisältää sähköpostiosoitteita.',
        },
      ]);
    });

    it('should keep staff refusals in English with the same field names and codes', async () => {
      const refused = await testApp.api
        .post('/api/admin/pipeline-columns')
        .set(bearer(admin.token))
        .send({ name: '', color: 'teal' })
        .expect(400);
      expect(refused.body.message).toMatch(/must/);
      expect(refused.body.fields.map((f: { field: string }) => f.field)).toEqual(
        expect.arrayContaining(['name', 'color']),
      );
    });
  });
});
