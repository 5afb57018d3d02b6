import { randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import request from 'supertest';
import sharp from 'sharp';
import { kitchenJpeg, pngBomb } from '../fixtures/kitchens/kitchen-images.js';
import { createTestLead } from '../support/leads.js';
import { LEADS_BY_MONTH } from '../support/report-definitions.js';
import {
  answerChecker,
  type Call,
  callsOf,
  type Document,
  exampleOf,
} from '../support/openapi-document.js';
import { bearer, createMember, logIn, signInAs, STAFF_PASSWORD } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/** Express routes that are not API operations: the document itself, the pages, the crawlers' files. */
const NOT_API_ROUTES = [
  /^GET \/api\/docs/,
  /^GET \{\*any\}$/,
  /^GET \/(robots\.txt|sitemap\.xml)$/,
];

describe('The OpenAPI document', () => {
  let document: Document;
  let calls: Call[];
  let mismatch: ReturnType<typeof answerChecker>;
  let adminToken: string;
  let salespersonToken: string;
  let kitchenPhoto: string;

  const testApp = useTestApp();

  beforeAll(async () => {
    const response = await request(testApp.baseUrl).get('/api/docs-json').expect(200);
    document = response.body as Document;
    calls = callsOf(document);
    mismatch = answerChecker(document);
    adminToken = (await signInAs(testApp, 'admin')).token;
    salespersonToken = (await signInAs(testApp, 'salesperson')).token;
    kitchenPhoto = (await kitchenJpeg(3)).toString('base64');
    // Lists answer with entries to check, in the pipeline and in the Recycle Bin.
    await createTestLead(testApp, { firstName: 'Liisa', lastName: 'Mäkinen' });
    // A contact-form lead has no door style: the lead list's answer must still fit the document.
    await testApp.api
      .post('/api/contact')
      .send({ firstName: 'Pekka', email: 'pekka@example.fi', message: 'Soittakaa.' })
      .expect(201);
    const trashed = await createTestLead(testApp, { firstName: 'Juha', lastName: 'Nieminen' });
    await testApp.api.delete(`/api/quotes/${trashed}/soft`).set(bearer(adminToken)).expect(200);
  });

  /** A request of the call's method to a concrete path. */
  const send = (call: Call, path: string) => testApp.api[call.method as 'get'](path);
  /** Path parameters naming records the operation can act on, made fresh for each call. */
  async function pathFor(call: Call): Promise<string> {
    const { path, operation } = call;
    let id = '';
    if (/^\/api\/(admin\/)?quotes\/\{id\}/.test(path)) {
      // A person of its own each time: one customer twice would be linked as a duplicate.
      id = await createTestLead(testApp, {
        firstName: 'Aino',
        lastName: `Virtanen-${randomUUID().slice(0, 8)}`,
      });
      // Restoring and erasing act on leads in the Recycle Bin.
      if (operation.operationId.endsWith('_restore') || operation.operationId.endsWith('_erase')) {
        await testApp.api.delete(`/api/quotes/${id}/soft`).set(bearer(adminToken)).expect(200);
      }
    } else if (path.startsWith('/api/admin/users/{id}')) {
      id = (await createMember(testApp, 'salesperson')).id;
    } else if (path.startsWith('/api/admin/pipeline-columns/{id}')) {
      const column = await testApp.api
        .post('/api/admin/pipeline-columns')
        .set(bearer(adminToken))
        .send({ name: `Column ${randomUUID().slice(0, 8)}`, color: 'red' })
        .expect(201);
      id = (column.body as { id: string }).id;
    } else if (path.startsWith('/api/admin/report-definitions/{id}')) {
      const defined = await testApp.api
        .post('/api/admin/report-definitions')
        .set(bearer(adminToken))
        .send(LEADS_BY_MONTH)
        .expect(201);
      id = (defined.body as { name: string }).name.replace('report_def_', '');
    } else if (path === '/api/admin/backup/files/{name}') {
      const backup = await testApp.api
        .post('/api/admin/backup/run')
        .set(bearer(adminToken))
        .expect(201);
      return `/api/admin/backup/files/${(backup.body as { file: { name: string } }).file.name}`;
    } else if (path === '/api/visualizations/{file}') {
      const render = await testApp.api
        .post('/api/visualize')
        .set(bearer(adminToken))
        .send({ kitchenImage: kitchenPhoto, patternId: 'NH10' })
        .expect(200);
      return (render.body as { imageUrl: string }).imageUrl;
    }
    return path.replace(/\{(\w+)\}/g, (_, name: string) => {
      const parameter = operation.parameters?.find((p) => p.in === 'path' && p.name === name);
      return name === 'id' ? id : String(parameter?.schema?.example ?? '');
    });
  }

  /**
   * The documented example body. Three values cannot come from a document: a real password,
   * a real photo, and e-mail addresses that stay unique across team members.
   */
  function bodyFor(call: Call, index: number, email?: string): unknown {
    const schema = call.operation.requestBody?.content['application/json']?.schema;
    if (!schema) return undefined;
    const body = exampleOf(document, schema) as Record<string, unknown>;
    if (call.path === '/api/auth/login') return { ...body, email, password: STAFF_PASSWORD };
    if (call.path === '/api/auth/password') return { ...body, currentPassword: STAFF_PASSWORD };
    if (call.path === '/api/visualize' || call.path === '/api/visualize/fronts')
      return { ...body, kitchenImage: kitchenPhoto };
    return JSON.parse(JSON.stringify(body).replace(/@example\.fi/g, `+${index}@example.fi`));
  }

  it('should be a valid OpenAPI document, so any client generator can read it', async () => {
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('should describe every route the router serves', () => {
    const express = testApp.app.getHttpAdapter().getInstance();
    const served = (express.router.stack as { route?: { path: string; methods: object } }[])
      .filter((layer) => layer.route && Object.keys(layer.route.methods).length < 5)
      .flatMap((layer) =>
        Object.keys(layer.route!.methods).map(
          (method) => `${method.toUpperCase()} ${layer.route!.path.replace(/:(\w+)/g, '{$1}')}`,
        ),
      );
    const documented = new Set(calls.map((c) => `${c.method.toUpperCase()} ${c.path}`));
    const missing = served.filter(
      (route) => !documented.has(route) && !NOT_API_ROUTES.some((pattern) => pattern.test(route)),
    );
    expect(missing).toEqual([]);
    expect(calls.length).toBeGreaterThan(30);
  });

  /**
   * Examples that name an uploaded photo this run never made: their refusal must still be
   * documented (checked above); the accepted path is in visualize-taps.e2e-spec.ts.
   */
  const NAMES_A_PHOTO = new Set(['/api/visualize/taps']);
  /** Likewise an example naming a person this run never met: see subject-access.e2e-spec.ts. */
  const NAMES_A_PERSON = new Set([
    '/api/admin/privacy/access-export',
    // The lead to merge into is one this run never made: see duplicate-leads.e2e-spec.ts.
    '/api/admin/quotes/{id}/merge',
  ]);
  /** And a reset link this run never sent (400): see password-reset.e2e-spec.ts. */
  const NAMES_A_RESET_LINK = new Set(['/api/auth/password-reset/complete']);

  /** And a code of an authenticator this run never set up (400, 401, 409): see second-factor.e2e-spec.ts. */
  const NEEDS_AN_AUTHENTICATOR = new Set([
    '/api/auth/login/second-factor',
    '/api/auth/second-factor/confirm',
    '/api/auth/second-factor/disable',
  ]);

  /** An answer that never ends (server-sent events): its contract is in live.e2e-spec.ts. */
  const STREAMS = new Set(['/api/admin/live']);

  it("should answer each operation's documented example as the document says", async () => {
    const wrong: string[] = [];
    for (const [index, call] of calls.entries()) {
      if (call.method === 'get' && STREAMS.has(call.path)) continue;
      // Signing in needs a member; signing out and changing the password end the session they
      // run in, so each of these gets a member and a session of its own.
      const ownSession = call.path === '/api/auth/logout' || call.path === '/api/auth/password';
      const member =
        ownSession || call.path === '/api/auth/login'
          ? await createMember(testApp, 'admin')
          : undefined;
      const token = member && ownSession ? (await logIn(testApp, member.email)).token : adminToken;
      const query = Object.fromEntries(
        (call.operation.parameters ?? [])
          .filter((p) => p.in === 'query' && p.required)
          .map((p) => [p.name, p.schema?.example]),
      );
      const pending = send(call, await pathFor(call))
        .query(query)
        .set(call.operation.security ? bearer(token) : {});
      const body = bodyFor(call, index, member?.email);
      const response = await (body === undefined ? pending : pending.send(body as object));
      const problem = mismatch(call, response);
      if (problem) wrong.push(problem);
      else if (
        response.status >= 300 &&
        !(
          response.status === 404 &&
          (NAMES_A_PHOTO.has(call.path) || NAMES_A_PERSON.has(call.path))
        ) &&
        !(response.status === 400 && NAMES_A_RESET_LINK.has(call.path)) &&
        !([400, 401, 409].includes(response.status) && NEEDS_AN_AUTHENTICATOR.has(call.path))
      ) {
        wrong.push(`${call.method.toUpperCase()} ${call.path}: example refused, ${response.text}`);
      }
    }
    expect(wrong).toEqual([]);
    // One request per documented operation, several signing a member in: longer than one test.
  }, 300_000);

  it('should let a client built from the document submit a quote, a contact message and an analytics event, and create a lead', async () => {
    const submit = async (path: string, token?: string) => {
      const call = calls.find((c) => c.method === 'post' && c.path === path)!;
      const schema = call.operation.requestBody!.content['application/json'].schema;
      const response = await testApp.api
        .post(path)
        .set(token ? bearer(token) : {})
        .send(exampleOf(document, schema) as object);
      expect(mismatch(call, response)).toBeNull();
      return response;
    };

    const quote = await submit('/api/quote');
    expect(quote.status).toBe(201);
    expect(quote.body).toMatchObject({ doorStyle: 'Uritettu', doors: 12, drawers: 4, metres: 3 });
    expect((await submit('/api/contact')).status).toBe(201);
    expect((await submit('/api/analytics')).status).toBe(204);
    const lead = await submit('/api/admin/quotes/create-lead', adminToken);
    expect(lead.status).toBe(201);
    expect(lead.body).toMatchObject({ customerLastName: 'Virtanen', status: 'new' });
    const leads = await testApp.api.get('/api/admin/quotes').set(bearer(adminToken)).expect(200);
    const sources = (leads.body as { source: string }[]).map((l) => l.source);
    expect(sources).toEqual(expect.arrayContaining(['quote', 'contact_form', 'manual']));
  });

  it('should answer a body with an unknown field with the documented 400', async () => {
    const wrong: string[] = [];
    for (const call of calls.filter((c) => c.operation.requestBody)) {
      const response = await send(call, await pathFor(call))
        .set(call.operation.security ? bearer(adminToken) : {})
        .send({ notAField: 'Kehysovi' });
      if (response.status !== 400) wrong.push(`${call.path}: ${response.status}`);
      const problem = mismatch(call, response);
      if (problem) wrong.push(problem);
    }
    expect(wrong).toEqual([]);
  });

  it('should answer a body over the size limit with the documented 413', async () => {
    const wrong: string[] = [];
    const oversized = { notes: 'x'.repeat(2.5 * 1024 * 1024) };
    // The photo uploads take up to 21 MB; their own limit is tested with the visualizer.
    for (const call of calls.filter(
      (c) => c.operation.requestBody && !c.path.startsWith('/api/visualize'),
    )) {
      const response = await send(call, await pathFor(call))
        .set(call.operation.security ? bearer(adminToken) : {})
        .send(oversized);
      if (response.status !== 413) wrong.push(`${call.path}: ${response.status}`);
      const problem = mismatch(call, response);
      if (problem) wrong.push(problem);
    }
    expect(wrong).toEqual([]);
  });

  it('should answer each bearer operation without a token with the documented 401, and a role it leaves out with 403', async () => {
    const wrong: string[] = [];
    for (const call of calls.filter((c) => c.operation.security)) {
      const path = call.path.replace(/\{\w+\}/g, randomUUID());
      const anonymous = await send(call, path);
      if (anonymous.status !== 401) wrong.push(`${call.path} anonymous: ${anonymous.status}`);
      const problem = mismatch(call, anonymous);
      if (problem) wrong.push(problem);
      if (call.operation['x-roles']?.includes('salesperson')) continue;
      const refused = await send(call, path).set(bearer(salespersonToken));
      if (refused.status !== 403) wrong.push(`${call.path} as salesperson: ${refused.status}`);
      const refusal = mismatch(call, refused);
      if (refusal) wrong.push(refusal);
    }
    expect(wrong).toEqual([]);
  });

  it('should answer an unknown record id with the documented 404', async () => {
    const wrong: string[] = [];
    const byId = calls.filter((c) => /\/(quotes|users)\/\{id\}/.test(c.path));
    for (const call of byId) {
      const schema = call.operation.requestBody?.content['application/json']?.schema;
      const pending = send(call, call.path.replace('{id}', randomUUID())).set(bearer(adminToken));
      const response = await (schema
        ? pending.send(exampleOf(document, schema) as object)
        : pending);
      if (response.status !== 404) wrong.push(`${call.path}: ${response.status}`);
      const problem = mismatch(call, response);
      if (problem) wrong.push(problem);
    }
    expect(byId.length).toBeGreaterThan(10);
    expect(wrong).toEqual([]);
  });

  it('should answer a stale version with the documented 409 that names who changed the lead', async () => {
    const id = await createTestLead(testApp, { firstName: 'Matti', lastName: 'Korhonen' });
    const call = calls.find((c) => c.path === '/api/admin/quotes/{id}/update-lead')!;
    const body = { customerCity: 'Espoo', expectedVersion: 1 };
    await testApp.api.put(`/api/admin/quotes/${id}/update-lead`).set(bearer(adminToken)).send(body);
    const stale = await testApp.api
      .put(`/api/admin/quotes/${id}/update-lead`)
      .set(bearer(adminToken))
      .send({ ...body, customerCity: 'Vantaa' });
    expect(stale.status).toBe(409);
    expect(mismatch(call, stale)).toBeNull();
    expect(stale.body.changedBy).toEqual(expect.any(String));
  });

  it("should document the visualizer's refusals of a photo: 413, 415 and 422", async () => {
    const call = calls.find((c) => c.path === '/api/visualize')!;
    const plainWall = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#d8cfc0' },
    })
      .jpeg()
      .toBuffer();
    const photos: [number, Buffer][] = [
      [413, pngBomb(20_000, 20_000)],
      [415, Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF')],
      [422, plainWall],
    ];
    for (const [status, photo] of photos) {
      const response = await testApp.api
        .post('/api/visualize')
        .set(bearer(adminToken))
        .send({ kitchenImage: photo.toString('base64'), patternId: 'NH10' });
      expect(response.status).toBe(status);
      expect(mismatch(call, response)).toBeNull();
    }
  });

  it('should document each Idempotency-Key rule the intake enforces', async () => {
    const call = calls.find((c) => c.path === '/api/quote')!;
    const header = call.operation.parameters!.find((p) => p.name === 'Idempotency-Key')!;
    const pattern = new RegExp(header.schema!.pattern as string);
    expect(pattern.test(header.schema!.example as string)).toBe(true);
    const refused = await testApp.api.post('/api/quote').set('Idempotency-Key', 'short').send({});
    expect(refused.status).toBe(400);
    expect(mismatch(call, refused)).toBeNull();
  });
});

describe('The OpenAPI document of the public forms', () => {
  const testApp = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1' } });

  it('should document the 429 that answers a second quote within the minute', async () => {
    const document = (await request(testApp.baseUrl).get('/api/docs-json')).body as Document;
    const operation = document.paths['/api/quote'].post;
    const quote = exampleOf(document, operation.requestBody!.content['application/json'].schema);
    await request(testApp.baseUrl)
      .post('/api/quote')
      .send(quote as object)
      .expect(201);
    const throttled = await request(testApp.baseUrl)
      .post('/api/quote')
      .send(quote as object);
    expect(throttled.status).toBe(429);
    const call = { method: 'post', path: '/api/quote', operation };
    expect(answerChecker(document)(call, throttled)).toBeNull();
  });
});
