import { errorText } from '../support/error-body.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';
import { AINO_ORDER } from '../support/lead-fixtures.js';

const newLead = (overrides: Record<string, unknown> = {}) => ({
  customerFirstName: 'Aino',
  customerLastName: 'Virtanen',
  customerEmail: 'aino.virtanen@example.fi',
  customerPhone: '+358 40 123 4567',
  customerAddress: 'Mannerheimintie 1',
  ...AINO_ORDER,
  ...overrides,
});

describe('Leads API', () => {
  const testApp = useTestApp();
  const admin = testApp.signedIn('admin', { firstName: 'Anna', lastName: 'Admin' });
  const sales = testApp.signedIn('salesperson', { firstName: 'Sami', lastName: 'Seller' });

  const updateWithIfMatch = (id: string, token: string, ifMatch: string) =>
    testApp.api.put(`/api/admin/quotes/${id}`).set(bearer(token)).set('If-Match', ifMatch);

  async function create(overrides: Record<string, unknown> = {}) {
    const response = await testApp.api
      .post('/api/admin/quotes/create-lead')
      .set(bearer(sales.token))
      .send(newLead(overrides))
      .expect(201);
    return response.body as { id: string; version: number; status: string };
  }

  /** A new lead that Anna Admin has moved to Contacted: version 2, last changed by her. */
  async function createContactedByAdmin() {
    const lead = await create();
    await testApp.api
      .put(`/api/admin/quotes/${lead.id}`)
      .set(bearer(admin.token))
      .send({ status: 'contacted', expectedVersion: 1 })
      .expect(200);
    return lead;
  }

  describe('access', () => {
    it('should refuse anonymous callers', async () => {
      await testApp.api.get('/api/admin/quotes').expect(401);
      await testApp.api.get('/api/quotes/deleted').expect(401);
      await testApp.api.get('/api/admin/pipeline-columns').expect(401);
    });
  });

  describe('POST /api/admin/quotes/create-lead', () => {
    it('should create a manual lead in the first column', async () => {
      const lead = await create();
      expect(lead).toMatchObject({
        customerFirstName: 'Aino',
        customerEmail: 'aino.virtanen@example.fi',
        doors: 8,
        metres: 3.5,
        totalPrice: 2490,
        status: 'new',
        source: 'manual',
        version: 1,
        deletedAt: null,
      });
    });

    it('should name the required fields when they are missing', async () => {
      const response = await testApp.api
        .post('/api/admin/quotes/create-lead')
        .set(bearer(sales.token))
        .send({ customerFirstName: 'Aino' })
        .expect(400);
      expect(response.body.message).toContain(
        'Please fill in required fields (First Name, Last Name, Email)',
      );
    });

    it.each([
      ['doors', 'eight'],
      ['doors', 1.5],
      ['drawers', -1],
      ['metres', '3'],
      ['totalPrice', -10],
      ['doorStyle', 'Marble'],
      ['customerEmail', 'not-an-email'],
    ])('should refuse %s = %p with 400 and create nothing', async (field, value) => {
      const before = await testApp.api
        .get('/api/admin/quotes')
        .set(bearer(sales.token))
        .expect(200);
      const response = await testApp.api
        .post('/api/admin/quotes/create-lead')
        .set(bearer(sales.token))
        .send(newLead({ [field]: value }))
        .expect(400);
      expect(response.body.message).toContain(field);
      const after = await testApp.api.get('/api/admin/quotes').set(bearer(sales.token)).expect(200);
      expect(after.body).toHaveLength(before.body.length);
    });

    it('should refuse an unknown status', async () => {
      const response = await testApp.api
        .post('/api/admin/quotes/create-lead')
        .set(bearer(sales.token))
        .send(newLead({ status: 'lost' }))
        .expect(400);
      expect(response.body.message).toContain('status');
    });
  });

  describe('GET /api/admin/quotes', () => {
    it('should answer a plain array without parameters and a page with them', async () => {
      await create({ customerFirstName: 'Searchable', customerEmail: 'findme@example.fi' });
      const all = await testApp.api.get('/api/admin/quotes').set(bearer(sales.token)).expect(200);
      expect(Array.isArray(all.body)).toBe(true);
      const page = await testApp.api
        .get('/api/admin/quotes')
        .query({ search: 'FINDME', pageSize: 10 })
        .set(bearer(sales.token))
        .expect(200);
      expect(page.body.total).toBe(1);
      expect(page.body.items[0].customerFirstName).toBe('Searchable');
    });

    it('should refuse a bad page size', async () => {
      await testApp.api.get('/api/admin/quotes?pageSize=abc').set(bearer(sales.token)).expect(400);
      await testApp.api.get('/api/admin/quotes?sort=name').set(bearer(sales.token)).expect(400);
    });
  });

  describe('PUT /api/admin/quotes/:id', () => {
    it('should move the lead and answer 409 naming the other user for a stale version', async () => {
      const lead = await create();
      const moved = await testApp.api
        .put(`/api/admin/quotes/${lead.id}`)
        .set(bearer(admin.token))
        .send({ status: 'contacted', expectedVersion: 1 })
        .expect(200);
      expect(moved.body).toMatchObject({ status: 'contacted', version: 2 });
      const stale = await testApp.api
        .put(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .send({ status: 'qualified', expectedVersion: 1 })
        .expect(409);
      expect(stale.body.changedBy).toBe('Anna Admin');
      const current = await testApp.api
        .get(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .expect(200);
      expect(current.body.status).toBe('contacted');
    });

    it('should answer 404 for an unknown lead and 400 for a malformed id', async () => {
      await testApp.api
        .put('/api/admin/quotes/7b0e8c1e-4a57-4f0e-9a43-1b2f3c4d5e6f')
        .set(bearer(sales.token))
        .send({ status: 'contacted', expectedVersion: 1 })
        .expect(404, errorText(404, 'Not Found', 'Lead not found'));
      await testApp.api
        .put('/api/admin/quotes/not-a-uuid')
        .set(bearer(sales.token))
        .send({ status: 'contacted', expectedVersion: 1 })
        .expect(400);
    });

    it('should validate ids on every lead route', async () => {
      const unknown = '7b0e8c1e-4a57-4f0e-9a43-1b2f3c4d5e6f';
      await testApp.api.delete(`/api/quotes/${unknown}/soft`).set(bearer(sales.token)).expect(404);
      await testApp.api.delete('/api/quotes/123/soft').set(bearer(sales.token)).expect(400);
      await testApp.api.post(`/api/quotes/${unknown}/restore`).set(bearer(sales.token)).expect(404);
      await testApp.api
        .get(`/api/admin/quotes/${unknown}/history`)
        .set(bearer(sales.token))
        .expect(404);
      await testApp.api.get('/api/admin/quotes/x/history').set(bearer(sales.token)).expect(400);
      await testApp.api.delete(`/api/admin/quotes/${unknown}`).set(bearer(admin.token)).expect(404);
    });

    it('should apply {status, notes} without a version to the latest lead', async () => {
      const lead = await create();
      await testApp.api
        .put(`/api/admin/quotes/${lead.id}`)
        .set(bearer(admin.token))
        .send({ notes: 'First call done', expectedVersion: 1 })
        .expect(200);
      const moved = await testApp.api
        .put(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .send({ status: 'contacted', notes: 'Sent the offer' })
        .expect(200);
      expect(moved.body).toEqual({ id: lead.id, status: 'contacted', version: 4 });
      const current = await testApp.api
        .get(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .expect(200);
      expect(current.body).toMatchObject({ status: 'contacted', notes: 'Sent the offer' });
    });

    it('should apply concurrent status moves without versions, each to the latest lead', async () => {
      const lead = await create();
      const moves = await Promise.all(
        ['contacted', 'qualified', 'proposal', 'contacted', 'qualified'].map((status) =>
          testApp.api.put(`/api/admin/quotes/${lead.id}`).set(bearer(sales.token)).send({ status }),
        ),
      );
      expect(moves.map((move) => move.status)).toEqual([200, 200, 200, 200, 200]);
    });

    it('should take the version from If-Match and answer 409 naming who changed the lead', async () => {
      const lead = await create();
      await updateWithIfMatch(lead.id, admin.token, '"1"')
        .send({ status: 'contacted' })
        .expect(200);
      const stale = await updateWithIfMatch(lead.id, sales.token, '"1"')
        .send({ status: 'qualified' })
        .expect(409);
      expect(stale.body).toMatchObject({ changedBy: 'Anna Admin', currentVersion: 2 });
      expect(stale.body.message).toContain('Anna Admin');
      await updateWithIfMatch(lead.id, sales.token, 'W/"2"')
        .send({ status: 'qualified' })
        .expect(200);
      const bad = await updateWithIfMatch(lead.id, sales.token, '*')
        .send({ status: 'proposal' })
        .expect(400);
      expect(bad.body.message).toContain('If-Match');
      const current = await testApp.api
        .get(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .expect(200);
      expect(current.body).toMatchObject({ status: 'qualified', version: 3 });
    });
  });

  describe('PUT /api/admin/quotes/:id/update-lead and history', () => {
    it('should apply only the fields sent when no version is given', async () => {
      const lead = await createContactedByAdmin();
      const updated = await testApp.api
        .put(`/api/admin/quotes/${lead.id}/update-lead`)
        .set(bearer(sales.token))
        .send({ customerPhone: '+358 50 111 2222' })
        .expect(200);
      expect(updated.body).toMatchObject({
        ...newLead({ customerPhone: '+358 50 111 2222' }),
        status: 'contacted',
        version: 3,
      });
      const history = await testApp.api
        .get(`/api/admin/quotes/${lead.id}/history`)
        .set(bearer(sales.token))
        .expect(200);
      const details = history.body.find((e: { type: string }) => e.type === 'LeadDetailsChanged');
      expect(details.details.changes).toEqual([
        { field: 'phone', from: '+358 40 123 4567', to: '+358 50 111 2222' },
      ]);
    });

    it('should answer 409 naming who changed the lead for a stale version or If-Match', async () => {
      const lead = await createContactedByAdmin();
      const stale = await testApp.api
        .put(`/api/admin/quotes/${lead.id}/update-lead`)
        .set(bearer(sales.token))
        .send({ doors: 12, expectedVersion: 1 })
        .expect(409);
      expect(stale.body.changedBy).toBe('Anna Admin');
      await testApp.api
        .put(`/api/admin/quotes/${lead.id}/update-lead`)
        .set(bearer(sales.token))
        .set('If-Match', '1')
        .send({ doors: 12 })
        .expect(409);
      const current = await testApp.api
        .get(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .expect(200);
      expect(current.body).toMatchObject({ doors: 8, version: 2 });
    });

    it('should record only the changed fields with who changed them', async () => {
      const lead = await create();
      await testApp.api
        .put(`/api/admin/quotes/${lead.id}/update-lead`)
        .set(bearer(sales.token))
        .send({
          ...newLead({ customerPhone: '+358 50 999 0000', doors: 10 }),
          status: 'proposal',
          notes: 'Call back on Monday',
          expectedVersion: 1,
        })
        .expect(200);
      const history = await testApp.api
        .get(`/api/admin/quotes/${lead.id}/history`)
        .set(bearer(sales.token))
        .expect(200);
      const types = history.body.map((e: { type: string }) => e.type);
      expect(types).toEqual([
        'LeadNotesChanged',
        'LeadStatusChanged',
        'LeadDetailsChanged',
        'LeadCreated',
      ]);
      const details = history.body.find((e: { type: string }) => e.type === 'LeadDetailsChanged');
      expect(details.actorName).toBe('Sami Seller');
      expect(details.details.changes).toEqual(
        expect.arrayContaining([
          { field: 'phone', from: '+358 40 123 4567', to: '+358 50 999 0000' },
          { field: 'doors', from: 8, to: 10 },
        ]),
      );
      expect(details.details.changes).toHaveLength(2);
    });
  });

  describe('recycle bin and erasure', () => {
    it('should trash, list, restore, and erase only from the bin (admin only)', async () => {
      const binCount = async (): Promise<number> =>
        (await testApp.api.get('/api/quotes/deleted/count').set(bearer(sales.token)).expect(200))
          .body.count;
      const lead = await create({ customerFirstName: 'Binned' });
      const countBefore = await binCount();
      await testApp.api.delete(`/api/quotes/${lead.id}/soft`).set(bearer(sales.token)).expect(200);
      expect(await binCount()).toBe(countBefore + 1);
      const bin = await testApp.api.get('/api/quotes/deleted').set(bearer(sales.token)).expect(200);
      expect(bin.body).toHaveLength(countBefore + 1);
      expect(bin.body.map((l: { id: string }) => l.id)).toContain(lead.id);
      expect(bin.body.find((l: { id: string }) => l.id === lead.id).deletedAt).toEqual(
        expect.any(String),
      );
      await testApp.api.post(`/api/quotes/${lead.id}/restore`).set(bearer(sales.token)).expect(201);
      expect(await binCount()).toBe(countBefore);
      await testApp.api
        .post(`/api/quotes/${lead.id}/restore`)
        .set(bearer(sales.token))
        .expect(409, errorText(409, 'Conflict', 'The lead is not in the bin'));
      await testApp.api
        .delete(`/api/admin/quotes/${lead.id}`)
        .set(bearer(admin.token))
        .expect(
          409,
          errorText(409, 'Conflict', 'Only leads in the Recycle Bin can be deleted permanently'),
        );
      await testApp.api.delete(`/api/quotes/${lead.id}/soft`).set(bearer(sales.token)).expect(200);
      await testApp.api.delete(`/api/admin/quotes/${lead.id}`).set(bearer(sales.token)).expect(403);
      await testApp.api.delete(`/api/admin/quotes/${lead.id}`).set(bearer(admin.token)).expect(204);
      const after = await testApp.api
        .get('/api/quotes/deleted')
        .set(bearer(sales.token))
        .expect(200);
      expect(after.body.map((l: { id: string }) => l.id)).not.toContain(lead.id);
      const history = await testApp.api
        .get(`/api/admin/quotes/${lead.id}/history`)
        .set(bearer(sales.token))
        .expect(200);
      expect(history.body[0]).toMatchObject({ type: 'LeadErased', actorName: 'Anna Admin' });
    });
  });

  describe('GET /api/admin/quotes/stats', () => {
    it('should sum closed leads as revenue and the rest as potential', async () => {
      const lead = await create({ totalPrice: 1000 });
      await testApp.api
        .put(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .send({ status: 'closed', expectedVersion: 1 })
        .expect(200);
      // Stats are an async projection: wait until it has caught up with the list.
      const deadline = Date.now() + 10_000;
      for (;;) {
        const stats = await testApp.api
          .get('/api/admin/quotes/stats')
          .set(bearer(sales.token))
          .expect(200);
        const leads = (await testApp.api.get('/api/admin/quotes').set(bearer(sales.token)))
          .body as {
          status: string;
          totalPrice: number;
        }[];
        const sum = (list: typeof leads) => list.reduce((s, l) => s + l.totalPrice, 0);
        const closed = leads.filter((l) => l.status === 'closed');
        const open = leads.filter((l) => l.status !== 'closed');
        const expected = {
          totalQuotes: leads.length,
          totalRevenue: sum(closed),
          potentialRevenue: sum(open),
          activeLeads: open.length,
        };
        if (Date.now() > deadline || stats.body.totalRevenue === expected.totalRevenue) {
          expect(stats.body).toMatchObject(expected);
          expect(expected.totalRevenue).toBeGreaterThanOrEqual(1000);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
  });

  describe('pipeline columns', () => {
    it('should add, edit and delete a column, moving its leads', async () => {
      const added = await testApp.api
        .post('/api/admin/pipeline-columns')
        .set(bearer(sales.token))
        .send({ name: 'On Hold', color: 'orange' })
        .expect(201);
      expect(added.body).toEqual({ id: 'on_hold', name: 'On Hold', color: 'orange' });
      await testApp.api
        .post('/api/admin/pipeline-columns')
        .set(bearer(sales.token))
        .send({ name: 'on hold', color: 'red' })
        .expect(409, errorText(409, 'Conflict', 'A column with the id "on_hold" already exists'));
      await testApp.api
        .post('/api/admin/pipeline-columns')
        .set(bearer(sales.token))
        .send({ name: 'X', color: 'turquoise' })
        .expect(400);
      await testApp.api
        .put('/api/admin/pipeline-columns/on_hold')
        .set(bearer(sales.token))
        .send({ name: 'Paused', color: 'pink' })
        .expect(200, { id: 'on_hold', name: 'Paused', color: 'pink' });
      const lead = await create({ status: 'on_hold' });
      await testApp.api
        .delete('/api/admin/pipeline-columns/on_hold')
        .set(bearer(sales.token))
        .expect(
          400,
          errorText(400, 'Bad Request', 'moveLeadsTo is required: the column still holds leads'),
        );
      await testApp.api
        .delete('/api/admin/pipeline-columns/on_hold?moveLeadsTo=qualified')
        .set(bearer(sales.token))
        .expect(200, { movedLeads: 1 });
      const moved = await testApp.api
        .get(`/api/admin/quotes/${lead.id}`)
        .set(bearer(sales.token))
        .expect(200);
      expect(moved.body.status).toBe('qualified');
      const columns = await testApp.api
        .get('/api/admin/pipeline-columns')
        .set(bearer(sales.token))
        .expect(200);
      expect(columns.body.map((c: { id: string }) => c.id)).toEqual([
        'new',
        'contacted',
        'qualified',
        'proposal',
        'closed',
      ]);
    });

    it('should let one of two simultaneous removals of a full column win and answer 409 to the other', async () => {
      await testApp.api
        .post('/api/admin/pipeline-columns')
        .set(bearer(sales.token))
        .send({ name: 'Parked', color: 'pink' })
        .expect(201);
      const parked = await Promise.all(
        Array.from({ length: 40 }, () => create({ status: 'parked' })),
      );
      const remove = () =>
        testApp.api
          .delete('/api/admin/pipeline-columns/parked?moveLeadsTo=contacted')
          .set(bearer(sales.token));
      const answers = await Promise.all([remove(), remove()]);

      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const { body: leads } = await testApp.api
        .get('/api/admin/quotes')
        .set(bearer(sales.token))
        .expect(200);
      const ids = new Set(parked.map((lead) => lead.id));
      const statuses = (leads as { id: string; status: string }[])
        .filter((lead) => ids.has(lead.id))
        .map((lead) => lead.status);
      expect(statuses).toEqual(parked.map(() => 'contacted'));
    });
  });
});
