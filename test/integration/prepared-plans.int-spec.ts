import type pg from 'pg';
import request from 'supertest';
import { IntakeMailWorker } from '#src/modules/mail/intake/intake-mail.worker.js';
import { PG_POOL } from '#src/platform/database/queryable.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { validQuote } from '../support/public-intake.js';
import { bearer, signInAs } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/**
 * A prepared statement soon runs on one generic plan, made from the table sizes of that moment,
 * and keeps it for the connection's life: on a new database, from empty tables. A plan that
 * scans or hashes a whole table then costs more with every lead, for as long as the app runs
 * (docs/decisions/0045-prepared-plans-reach-tables-by-key.md). This walks the app through its
 * daily work on a new database and checks the generic plan of every statement it prepared.
 */
/** Tables of one row, which every plan rightly reads whole. */
const SINGLE_ROW_TABLE = /Seq Scan on mail_unread_generation_v\d+ /;

describe('Prepared statements on a new database', () => {
  const testApp = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' } });

  /** Every statement prepared on any of the app's pooled connections, by name. */
  async function preparedStatements(): Promise<Map<string, string>> {
    const pool = testApp.app.get<pg.Pool>(PG_POOL);
    const clients = await Promise.all(
      Array.from({ length: pool.totalCount }, () => pool.connect()),
    );
    const statements = new Map<string, string>();
    try {
      for (const client of clients) {
        const { rows } = await client.query<{ name: string; statement: string }>(
          'select name, statement from pg_prepared_statements',
        );
        for (const row of rows) statements.set(row.name, row.statement);
      }
    } finally {
      for (const client of clients) client.release();
    }
    return statements;
  }

  it('should reach the tables that grow with leads and events only by key', async () => {
    // The pool closes a connection idle for 10 s, and its prepared statements with it: they are
    // gathered after each step, not only at the end (a slow sign-in would lose the quotes').
    const statements = new Map<string, string>();
    const gather = async () => {
      for (const [name, statement] of await preparedStatements()) statements.set(name, statement);
    };
    const quotes = await Promise.all(
      [1, 2, 3].map(() =>
        request(testApp.baseUrl).post('/api/quote').send(validQuote()).expect(201),
      ),
    );
    const leadId = (quotes[0].body as { leadId: string }).leadId;
    await gather();
    const { token } = await signInAs(testApp, 'admin');
    const staff = bearer(token);
    await request(testApp.baseUrl).get('/api/admin/quotes').set(staff).expect(200);
    await request(testApp.baseUrl)
      .put(`/api/admin/quotes/${leadId}`)
      .set(staff)
      .send({ status: 'contacted' })
      .expect(200);
    await request(testApp.baseUrl)
      .put(`/api/admin/quotes/${leadId}/update-lead`)
      .set(staff)
      .send({ doors: 6, customerEmail: 'matti@example.fi' })
      .expect(200);
    await gather();
    await request(testApp.baseUrl).get(`/api/admin/quotes/${leadId}`).set(staff).expect(200);
    await request(testApp.baseUrl).get(`/api/quotes/${leadId}/emails`).set(staff).expect(200);
    await request(testApp.baseUrl).get('/api/emails/unread-counts').set(staff).expect(200);
    await testApp.app.get(IntakeMailWorker).drain();
    await testApp.app.get(ProjectionManager).catchUp();
    await gather();

    // The statements of every write and of a staff read are among them: an app that prepared
    // nothing would pass the check below without proving anything.
    expect([...statements.keys()]).toEqual(
      expect.arrayContaining([
        'event-store-append-many',
        'event-store-read-streams-with-keys',
        expect.stringMatching(/^lead-list-upsert-/),
      ]),
    );
    const scans: string[] = [];
    for (const [name, statement] of statements) {
      const { rows } = await testApp.db.pool.query<{ 'QUERY PLAN': string }>(
        `explain (generic_plan) ${statement}`,
      );
      for (const { 'QUERY PLAN': line } of rows) {
        if (/Seq Scan on /.test(line) && !SINGLE_ROW_TABLE.test(line)) {
          scans.push(`${name}: ${line.trim()}`);
        }
      }
    }
    expect(scans).toEqual([]);
  });
});
