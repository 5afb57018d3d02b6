import request from 'supertest';
import { LIVE_EVENTS, LIVE_SESSION_PATH, LIVE_STREAM_PATH } from '#src/contract/live.js';
import type { LeadStats, LeadView } from '#src/contract/leads.js';
import { readiness } from '#src/platform/lifecycle/readiness.js';
import { type LiveClient, liveCookie, openLiveClient } from '../support/live-client.js';
import { bearer, signInAs } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';
import { startTestApp } from '../support/test-app.js';

const CUSTOMER = {
  customerFirstName: 'Ulpukka',
  customerLastName: 'Reunanen',
  customerEmail: 'ulpukka.reunanen@example.fi',
  customerPhone: '+358 40 765 4321',
};

describe('Live stream', () => {
  let cookie: string;
  const clients: LiveClient[] = [];

  const testApp = useTestApp();
  const sales = testApp.signedIn('salesperson');

  beforeAll(async () => {
    cookie = await liveCookie(testApp.baseUrl, sales.token);
  });
  afterEach(() => {
    for (const client of clients.splice(0)) client.close();
  });
  afterAll(() => {
    readiness.state = 'ready';
  });

  const open = async (query = '', baseUrl = testApp.baseUrl) => {
    const client = await openLiveClient(baseUrl, cookie, query);
    clients.push(client);
    return client;
  };

  let leadsCreated = 0;
  const createLead = async () =>
    (leadsCreated++,
    await testApp.api
      .post('/api/admin/quotes/create-lead')
      .set(bearer(sales.token))
      .send(CUSTOMER)
      .expect(201)).body as LeadView;

  it('should refuse the stream without a session, with a forged one and after sign-out', async () => {
    await testApp.api.get(LIVE_STREAM_PATH).expect(401);
    await testApp.api.get(LIVE_STREAM_PATH).set('Cookie', 'kk_live=not.a.token').expect(401);
    await testApp.api.post(LIVE_SESSION_PATH).expect(401);
    const leaving = await signInAs(testApp, 'manager');
    const leavingCookie = await liveCookie(testApp.baseUrl, leaving.token);
    await testApp.api.post('/api/auth/logout').set(bearer(leaving.token)).expect(200);
    await testApp.api.get(LIVE_STREAM_PATH).set('Cookie', leavingCookie).expect(401);
  });

  it('should set a cookie only the stream reads, and never accept it elsewhere', async () => {
    const response = await testApp.api.post(LIVE_SESSION_PATH).set(bearer(sales.token)).expect(204);
    const [setCookie] = ([] as string[]).concat(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^kk_live=/);
    expect(setCookie).toMatch(/; Path=\/api\/admin\/live(;|$)/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    await testApp.api.get('/api/admin/quotes').set('Cookie', cookie).expect(401);
    await testApp.api.get('/api/auth/verify').set('Cookie', cookie).expect(401);
  });

  it('should refuse a Last-Event-ID or after that is no change id, with 400', async () => {
    const bad = await testApp.api
      .get(LIVE_STREAM_PATH)
      .set('Cookie', cookie)
      .set('Last-Event-ID', 'x');
    expect(bad.status).toBe(400);
    const badQuery = await testApp.api
      .get(`${LIVE_STREAM_PATH}?after=12;drop`)
      .set('Cookie', cookie);
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.message).toMatch(/after/);
  });

  it('should tell a change once the board reads it, without personal data', async () => {
    const client = await open();
    const lead = await createLead();
    const created = await client.next(
      (m) => m.event === LIVE_EVENTS.change && m.data.leadId === lead.id,
    );
    expect(created.data).toEqual({
      type: 'LeadCreated',
      streamId: `lead-${lead.id}`,
      leadId: lead.id,
      version: 1,
      position: expect.any(Number),
    });
    expect(created.id).toMatch(/^\d+-\d+$/);

    await testApp.api
      .put(`/api/admin/quotes/${lead.id}`)
      .set(bearer(sales.token))
      .send({ status: 'contacted', expectedVersion: 1 })
      .expect(200);
    const moved = await client.next(
      (m) => m.data.type === 'LeadStatusChanged' && m.data.leadId === lead.id,
    );
    expect(moved.data.version).toBe(2);
    // The board, read the moment the notice arrived, already shows the move.
    const { body: fresh } = await testApp.api
      .get(`/api/admin/quotes/${lead.id}`)
      .set(bearer(sales.token))
      .expect(200);
    expect((fresh as LeadView).status).toBe('contacted');

    const everything = JSON.stringify(client.messages);
    for (const value of Object.values(CUSTOMER)) expect(everything).not.toContain(value);
    expect(everything).not.toContain(sales.member.lastName);
    expect(everything).not.toContain(sales.member.email);
  });

  it('should tell the Overview once its totals include the change', async () => {
    const client = await open();
    const lead = await createLead();
    const created = await client.next((m) => m.data.leadId === lead.id);
    await client.next((m) => m.event === LIVE_EVENTS.stats && m.at >= created.at, 15_000);
    const { body: after } = await testApp.api
      .get('/api/admin/quotes/stats')
      .set(bearer(sales.token))
      .expect(200);
    expect((after as LeadStats).totalQuotes).toBe(leadsCreated);
  });

  it('should tell a resumed stream the changes it missed, then the new ones', async () => {
    const first = await open();
    const lead = await createLead();
    const seen = await first.next((m) => m.data.leadId === lead.id);
    first.close();
    for (const status of ['contacted', 'qualified']) {
      await testApp.api
        .put(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .send({ status })
        .expect(200);
    }
    const resumed = await open(`?after=${seen.id}`);
    const versions = resumed.messages
      .filter((m) => m.event === LIVE_EVENTS.change && m.data.leadId === lead.id)
      .map((m) => m.data.version);
    expect(versions).toEqual([2, 3]);
    await testApp.api
      .put(`/api/admin/quotes/${lead.id}`)
      .set(bearer(sales.token))
      .send({ status: 'new' });
    await resumed.next((m) => m.data.leadId === lead.id && m.data.version === 4);
  });

  it('should tell a stream on another instance of an append on this one, and cap its streams', async () => {
    const other = await startTestApp({ LIVE_STREAMS_MAX: '1' }, { database: testApp.db });
    try {
      const client = await open('', other.baseUrl);
      const lead = await createLead();
      await client.next((m) => m.data.leadId === lead.id);
      const refused = await request(other.baseUrl).get(LIVE_STREAM_PATH).set('Cookie', cookie);
      expect(refused.status).toBe(503);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      for (const client of clients.splice(0)) client.close();
      await other.close();
    }
  });

  it('should end its streams when the instance drains, and refuse new ones', async () => {
    const response = await fetch(`${testApp.baseUrl}${LIVE_STREAM_PATH}`, {
      headers: { Cookie: cookie, Accept: 'text/event-stream' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const body = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) text += decoder.decode((await body.read()).value);
    readiness.state = 'draining';
    try {
      let done = false;
      while (!done) done = (await body.read()).done;
      const refused = await testApp.api.get(LIVE_STREAM_PATH).set('Cookie', cookie);
      expect(refused.status).toBe(503);
    } finally {
      readiness.state = 'ready';
    }
  });
});
