import { unzipSync, strFromU8 } from 'fflate';
import type request from 'supertest';
import type { SubjectAccessData } from '#src/contract/subject-access.js';
import { VisualizationStore } from '#src/modules/visualizer/storage/visualization-store.js';
import { validQuote } from '../support/public-intake.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';
import { issueVisitorCookie } from '../support/visitor-cookie.js';

/** The zip as bytes: supertest buffers a binary answer only when asked. */
const asBuffer = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

describe('Right-of-access export', () => {
  const photoOf = { aino: Buffer.from('aino-photo'), pekka: Buffer.from('pekka-photo') };
  let ainoVisualization: string;

  /** A visitor cookie as the visualizer issues it, with one stored visualization. */
  async function visitorWithVisualization(photo: Buffer) {
    const { cookie, visitorId } = issueVisitorCookie(testApp);
    const store = testApp.app.get(VisualizationStore);
    const id = store.newId();
    await store.save(
      { id, visitorId, patternId: 'NH10', renderer: 'local' },
      { original: photo, rendered: Buffer.concat([photo, Buffer.from('-render')]) },
    );
    return { cookie, id };
  }

  async function quote(customer: Record<string, string>, photo: Buffer) {
    const visitor = await visitorWithVisualization(photo);
    const response = await testApp.api
      .post('/api/quote')
      .set('Cookie', visitor.cookie)
      .send({ ...validQuote(), customer: { ...validQuote().customer, ...customer } })
      .expect(201);
    return { leadId: response.body.leadId as string, visualizationId: visitor.id };
  }

  const testApp = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });
  const admin = testApp.signedIn('admin', { firstName: 'Anna', lastName: 'Admin' });
  const manager = testApp.signedIn('manager', { firstName: 'Mika', lastName: 'Manager' });
  const sales = testApp.signedIn('salesperson', { firstName: 'Sami', lastName: 'Seller' });

  beforeAll(async () => {
    const aino = await quote(
      {
        firstName: 'Aino',
        lastName: 'Virtanen',
        email: 'aino.virtanen@example.fi',
        message: 'Valkoiset ovet, kiitos.',
      },
      photoOf.aino,
    );
    ainoVisualization = aino.visualizationId;
    await testApp.api
      .post('/api/contact')
      .send({
        firstName: 'Aino',
        email: 'Aino.Virtanen@Example.fi',
        message: 'Soittakaa iltapäivällä.',
      })
      .expect(201);
    await testApp.api
      .post(`/api/quotes/${aino.leadId}/emails`)
      .set(bearer(sales.token))
      .send({ subject: 'Tarjouksesi', body: 'Hei Aino, tässä tarjous.' })
      .expect(201);
    await testApp.api
      .post(`/api/quotes/${aino.leadId}/emails/reply`)
      .set(bearer(sales.token))
      .send({ body: 'Kiitos, sopii hyvin.' })
      .expect(201);
    await testApp.api
      .put(`/api/admin/quotes/${aino.leadId}/update-lead`)
      .set(bearer(sales.token))
      .send({ ownerId: sales.member.id })
      .expect(200);

    const pekka = await quote(
      {
        firstName: 'Pekka',
        lastName: 'Korhonen',
        email: 'pekka.korhonen@example.fi',
        message: 'Mustat ovet.',
      },
      photoOf.pekka,
    );
    await testApp.api
      .post(`/api/quotes/${pekka.leadId}/emails`)
      .set(bearer(sales.token))
      .send({ subject: 'Pekan tarjous', body: 'Hei Pekka.' })
      .expect(201);
  });

  const exportOf = (email: unknown, token = admin.token) =>
    testApp.api
      .post('/api/admin/privacy/access-export')
      .set(bearer(token))
      .send({ email })
      .buffer(true)
      .parse(asBuffer);

  const recorded = async () =>
    (
      await testApp.db.pool.query<{ data: Record<string, unknown> }>(
        `select data from events where type = 'PersonalDataExported' order by global_position`,
      )
    ).rows.map((row) => row.data);

  /** The audit log's sentences of exports, once its projection has caught up. */
  async function auditSentences(): Promise<string[]> {
    for (let attempt = 0; ; attempt++) {
      const page = await testApp.api
        .get('/api/admin/activity')
        .query({ type: 'PersonalDataExported' })
        .set(bearer(admin.token))
        .expect(200);
      const sentences = (page.body.items as { sentence: string }[]).map((i) => i.sentence);
      if (sentences.length > 0 || attempt === 100) return sentences;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it("should export the person's leads, messages, mail and photos, and nothing of anyone else", async () => {
    const response = await exportOf(' AINO.virtanen@example.fi ')
      .expect(200)
      .expect('Content-Type', 'application/zip')
      .expect('Content-Disposition', /attachment; filename="personal-data-\d{4}-\d{2}-\d{2}\.zip"/);
    const files = unzipSync(new Uint8Array(response.body as Buffer));
    expect(Object.keys(files).sort()).toEqual([
      'data.json',
      `photos/${ainoVisualization}-photo.jpg`,
      `photos/${ainoVisualization}-render.jpg`,
    ]);
    expect(Buffer.from(files[`photos/${ainoVisualization}-photo.jpg`])).toEqual(photoOf.aino);

    const text = strFromU8(files['data.json']);
    const data = JSON.parse(text) as SubjectAccessData;
    expect(data.email).toBe('AINO.virtanen@example.fi');
    expect(data.leads.map((l) => [l.lead.source, l.lead.message])).toEqual([
      ['quote', 'Valkoiset ovet, kiitos.'],
      ['contact_form', 'Soittakaa iltapäivällä.'],
    ]);
    const [quoteLead] = data.leads;
    expect(quoteLead.emails.map((m) => [m.direction, m.body])).toEqual(
      expect.arrayContaining([
        ['sent', 'Hei Aino, tässä tarjous.'],
        ['received', 'Kiitos, sopii hyvin.'],
      ]),
    );
    expect(quoteLead.history.map((h) => h.type)).toEqual(
      expect.arrayContaining(['LeadCreated', 'EmailQueued', 'EmailReceived', 'LeadAssigned']),
    );
    expect(data.visualizations).toEqual([
      expect.objectContaining({
        id: ainoVisualization,
        patternId: 'NH10',
        photo: `photos/${ainoVisualization}-photo.jpg`,
      }),
    ]);
    for (const other of ['Pekka', 'Korhonen', 'pekka.korhonen', 'Mustat', 'Hei Pekka']) {
      expect(text).not.toContain(other);
    }
    // Staff act for the company: they are named by role, never by name.
    for (const staff of ['Sami', 'Seller', 'Anna', sales.member.id, sales.member.email]) {
      expect(text).not.toContain(staff);
    }

    expect(await recorded()).toEqual([{ what: 'subject_access', filterKinds: ['email'], rows: 2 }]);
    expect(await auditSentences()).toEqual([
      "Anna Admin exported one person's data for the right of access (2 leads)",
    ]);
  });

  it('should refuse anyone but an admin, a bad e-mail and an unknown one, recording nothing', async () => {
    const before = (await recorded()).length;
    await exportOf('aino.virtanen@example.fi', manager.token).expect(403);
    await exportOf('aino.virtanen@example.fi', sales.token).expect(403);
    await testApp.api
      .post('/api/admin/privacy/access-export')
      .send({ email: 'aino.virtanen@example.fi' })
      .expect(401);
    const bad = await testApp.api
      .post('/api/admin/privacy/access-export')
      .set(bearer(admin.token))
      .send({ email: 'not an address' })
      .expect(400);
    expect(JSON.stringify(bad.body)).toContain('email must be an email address');
    await testApp.api
      .post('/api/admin/privacy/access-export')
      .set(bearer(admin.token))
      .send({})
      .expect(400);
    const unknown = await testApp.api
      .post('/api/admin/privacy/access-export')
      .set(bearer(admin.token))
      .send({ email: 'nobody@example.fi' })
      .expect(404);
    expect(unknown.body.message).toBe('Nothing is held about this e-mail address');
    expect(await recorded()).toHaveLength(before);
  });
});
