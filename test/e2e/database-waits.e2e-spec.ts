import type pg from 'pg';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

const POOL_SIZE = 4;

const quote = (firstName: string) => ({
  doorStyle: 'Uritettu',
  doors: 6,
  drawers: 2,
  metres: 1,
  customer: {
    firstName,
    lastName: 'Odottaja',
    email: 'odottaja@example.fi',
    address: 'Jonotie 1',
    city: 'Vantaa',
    phone: '+358 40 111 2222',
  },
});

describe('Database waits', () => {
  const testApp = useTestApp({
    env: {
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      // Long enough for the erasures queued ahead of a request on a loaded machine.
      DATABASE_CONNECT_TIMEOUT_MS: '5000',
      DATABASE_LOCK_TIMEOUT_MS: '300',
      DATABASE_STATEMENT_TIMEOUT_MS: '1000',
      RATE_LIMIT_PER_MINUTE: '1000',
    },
  });
  const admin = testApp.signedIn('admin');

  async function trashedLead(firstName: string): Promise<string> {
    const { body } = await testApp.api
      .post('/api/admin/quotes/create-lead')
      .set(bearer(admin.token))
      .send({
        customerFirstName: firstName,
        customerLastName: 'Poistettava',
        customerEmail: 'poistettava@example.fi',
        doorStyle: 'Uritettu',
        doors: 4,
        totalPrice: 990,
      })
      .expect(201);
    await testApp.api.delete(`/api/quotes/${body.id}/soft`).set(bearer(admin.token)).expect(200);
    return body.id as string;
  }

  describe('permanent deletes', () => {
    it('should finish six times the pool size of them at once, with the site answering throughout', async () => {
      const leads = await Promise.all(
        Array.from({ length: POOL_SIZE * 6 }, (_, i) => trashedLead(`Erase${i}`)),
      );
      // supertest sends a request only once it is awaited: `then` starts them all now.
      const deleting = Promise.all(
        leads.map((id) =>
          testApp.api
            .delete(`/api/admin/quotes/${id}`)
            .set(bearer(admin.token))
            .then((response) => response.status),
        ),
      );
      const during = await Promise.all([
        testApp.api.get('/api/health').then((response) => response.status),
        testApp.api
          .post('/api/quote')
          .send(quote('Kesken'))
          .then((response) => response.status),
      ]);

      expect(await deleting).toEqual(leads.map(() => 204));
      expect(during).toEqual([200, 201]);
      await testApp.api.get('/api/health').expect(200);
      await testApp.api.post('/api/quote').send(quote('Jälkeen')).expect(201);
    });
  });

  describe('bounded waits', () => {
    it('should answer 503 with a retry hint when a lock is held past the lock timeout', async () => {
      const leadId = await trashedLead('Lukittu');
      const pool = testApp.app.get<pg.Pool>(PG_POOL);
      const holder = await pool.connect();
      try {
        await holder.query('begin');
        await holder.query('select 1 from streams where stream_id = $1 for update', [
          `lead-${leadId}`,
        ]);
        const refused = await testApp.api
          .post(`/api/quotes/${leadId}/restore`)
          .set(bearer(admin.token));
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(refused.body).toEqual({
          statusCode: 503,
          error: 'Service Unavailable',
          message: expect.stringMatching(/try again/),
        });
      } finally {
        await holder.query('rollback');
        holder.release();
      }
      // Nothing was written: the same request goes through once the lock is gone.
      await testApp.api.post(`/api/quotes/${leadId}/restore`).set(bearer(admin.token)).expect(201);
    });

    it('should answer 503 with a retry hint when no connection comes free in time', async () => {
      const pool = testApp.app.get<pg.Pool>(PG_POOL);
      const held = await Promise.all(Array.from({ length: POOL_SIZE }, () => pool.connect()));
      try {
        const started = Date.now();
        const refused = await testApp.api.get('/api/admin/quotes').set(bearer(admin.token));
        expect(refused.status).toBe(503);
        expect(refused.headers['retry-after']).toBe('1');
        expect(Date.now() - started).toBeLessThan(15_000);
      } finally {
        for (const client of held) client.release();
      }
      await testApp.api.get('/api/admin/quotes').set(bearer(admin.token)).expect(200);
    });

    it('should stop a statement that runs past the statement timeout', async () => {
      const pool = testApp.app.get<pg.Pool>(PG_POOL);
      await expect(pool.query('select pg_sleep(5)')).rejects.toMatchObject({ code: '57014' });
    });
  });
});
