import request from 'supertest';
import { createTestLead } from '../support/leads.js';
import {
  type Call,
  callsOf,
  type Document,
  exampleOf,
  type Schema,
} from '../support/openapi-document.js';
import { bearer, createMember, signInAs } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/** Calls that end the session they run in: probing them would sign the prober out. */
const SESSION_ENDING = new Set(['/api/auth/logout', '/api/auth/password']);

/** Strings no field should choke on: control characters, broken UTF-16, markup, paths, sizes. */
const HOSTILE_STRINGS = [
  '\u0000',
  'a\ud800b',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  "' or 1=1 --",
  ' ',
  'x'.repeat(20_000),
  '😀'.repeat(3),
];
/** Values of the wrong kind for any field. */
const WRONG_KINDS: unknown[] = [null, true, -1, 1e308, 2 ** 63, 0.5, [], {}, [[['x']]], 'NaN'];
const QUERY_VALUES = [
  '%00',
  '%ED%A0%80',
  'x'.repeat(5000),
  '-1',
  '99999999999999999999',
  '1e309',
  'NaN',
  '2026-13-45T25:61',
  '%FF%FE',
  '',
];
const PATH_VALUES = ['x', '%00', '%ED%A0%80', '1'.repeat(500), '..%2F..%2Fetc', '-1'];
/** `/api/admin/quotes` → `/aPi/AdMiN/qUoTeS`: every other letter upper case. */
const mixedCase = (path: string) =>
  [...path].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
const RAW_BODIES = ['{"a":', '\u00ff\u00fe', `${'['.repeat(5000)}${']'.repeat(5000)}`];

/**
 * Every operation of the OpenAPI document, as an attacker or a broken client would call it:
 * hostile values in each body field, query parameter and path parameter, and broken JSON.
 * Whatever is refused is refused with a 4xx; nothing answers 5xx.
 */
describe('Hostile input on every documented operation', () => {
  let document: Document;
  let adminToken: string;
  const ids: Record<string, string> = {};

  const testApp = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });

  beforeAll(async () => {
    document = (await request(testApp.baseUrl).get('/api/docs-json').expect(200)).body as Document;
    adminToken = (await signInAs(testApp, 'admin')).token;
    ids.lead = await createTestLead(testApp, { firstName: 'Hilja', lastName: 'Häkkinen' });
    ids.member = (await createMember(testApp, 'salesperson')).id;
  });

  /** The call's path with real records where it names one, and `value` for the rest. */
  const pathOf = (call: Call, value?: string) =>
    call.path.replace(/\{(\w+)\}/g, (_, name: string) => {
      if (value !== undefined) return value;
      if (name === 'id') return call.path.includes('/users/') ? ids.member : ids.lead;
      const parameter = call.operation.parameters?.find((p) => p.in === 'path' && p.name === name);
      return encodeURIComponent(String(parameter?.schema?.example ?? 'x'));
    });

  const bodySchema = (call: Call): Schema | undefined =>
    call.operation.requestBody?.content['application/json']?.schema;

  /** The example body with one field at a time set to each hostile value. */
  function hostileBodies(call: Call): unknown[] {
    const schema = bodySchema(call);
    if (!schema) return [];
    const example = exampleOf(document, schema) as Record<string, unknown>;
    const fields = Object.keys(example ?? {});
    return [
      {},
      [],
      'text',
      ...fields.flatMap((field) =>
        [...HOSTILE_STRINGS, ...WRONG_KINDS].map((value) => ({ ...example, [field]: value })),
      ),
    ];
  }

  function send(call: Call, path: string) {
    return request(testApp.baseUrl)[call.method as 'get'](path).set(bearer(adminToken));
  }

  it('should answer every operation under an upper- or mixed-case path 404, never routed', async () => {
    const calls = callsOf(document).filter((call) => !SESSION_ENDING.has(call.path));
    const routed: string[] = [];
    for (const call of calls) {
      const path = pathOf(call);
      const variants = [path.toUpperCase(), path.replace('/api/', '/Api/'), mixedCase(path)];
      for (const cased of variants.filter((variant) => variant !== path)) {
        for (const value of ['', '/a%00b']) {
          const response = await send(call, `${cased}${value}`);
          if (response.status !== 404 && response.status !== 400) {
            routed.push(`${call.method.toUpperCase()} ${cased}${value}: ${response.status}`);
          }
        }
      }
    }
    expect(routed).toEqual([]);
    expect(calls.length).toBeGreaterThan(40);
  });

  it('should answer none of them with a server error', async () => {
    const calls = callsOf(document).filter((call) => !SESSION_ENDING.has(call.path));
    const failures: string[] = [];
    let sent = 0;
    const check = async (label: string, pending: Promise<request.Response>) => {
      const response = await pending;
      sent++;
      if (response.status >= 500) failures.push(`${label}: ${response.status} ${response.text}`);
    };
    for (const call of calls) {
      const name = `${call.method.toUpperCase()} ${call.path}`;
      if (call.path.includes('{')) {
        for (const value of PATH_VALUES) {
          await check(`${name} path ${value}`, send(call, pathOf(call, value)));
        }
      }
      for (const parameter of call.operation.parameters?.filter((p) => p.in === 'query') ?? []) {
        for (const value of QUERY_VALUES) {
          await check(
            `${name} ?${parameter.name}=${value.slice(0, 20)}`,
            send(call, `${pathOf(call)}?${parameter.name}=${value}`),
          );
        }
        await check(
          `${name} ?${parameter.name} twice`,
          send(call, `${pathOf(call)}?${parameter.name}=1&${parameter.name}=2`),
        );
      }
      if (!bodySchema(call)) continue;
      for (const body of hostileBodies(call)) {
        await check(
          `${name} body ${JSON.stringify(body).slice(0, 60)}`,
          send(call, pathOf(call)).send(body as object),
        );
      }
      for (const raw of RAW_BODIES) {
        await check(
          `${name} raw ${raw.slice(0, 10)}`,
          send(call, pathOf(call)).set('content-type', 'application/json').send(raw),
        );
      }
    }
    expect(failures).toEqual([]);
    // Enough of the API was reached to mean something.
    expect(calls.length).toBeGreaterThan(40);
    expect(sent).toBeGreaterThan(1500);
  });
});
