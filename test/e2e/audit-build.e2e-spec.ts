import pg from 'pg';
import type { AuditPage } from '#src/contract/audit.js';
import { ProjectionManager } from '#src/platform/projections/projection-manager.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';
import { bearer } from '../support/staff.js';
import { useTestApp } from '../support/app-fixture.js';

/** The lock a build of the audit log takes: held here, it keeps the build waiting. */
const AUDIT_BUILD_LOCK = 'projection-build:audit_log';

describe('Audit log built in the background', () => {
  let db: TestDatabase;
  let blocker: pg.Client;

  const activity = async () =>
    (await testApp.api.get('/api/admin/activity').set(bearer(manager.token)).expect(200))
      .body as AuditPage;

  beforeAll(async () => {
    db = await createTestDatabase();
    db.pool.on('error', () => undefined);
    blocker = new pg.Client({ connectionString: db.url });
    await blocker.connect();
    await blocker.query('select pg_advisory_lock(hashtext($1))', [AUDIT_BUILD_LOCK]);
  });
  const testApp = useTestApp({ database: () => db });
  const manager = testApp.signedIn('manager', { firstName: 'Mika', lastName: 'Manager' });
  afterAll(async () => {
    await blocker.end().catch(() => undefined);
    await db.drop();
  });

  it('should serve while the audit log is being built, and say so on the audit endpoints', async () => {
    await testApp.api.get('/api/health').expect(200);
    await testApp.api.get('/').expect(200).expect('Content-Type', /html/);
    const building = await activity();
    const actors = await testApp.api
      .get('/api/admin/activity/actors')
      .set(bearer(manager.token))
      .expect(200);
    const csv = await testApp.api
      .get('/api/admin/activity/csv')
      .set(bearer(manager.token))
      .expect(503);

    expect(building).toMatchObject({ items: [], total: 0 });
    expect(building.build).toMatchObject({ running: true, error: null });
    expect(actors.body).toEqual([]);
    expect(csv.body.message).toMatch(/being built/);
  });

  it('should show the rows once the build is done', async () => {
    await blocker.query('select pg_advisory_unlock(hashtext($1))', [AUDIT_BUILD_LOCK]);
    await testApp.app.get(ProjectionManager).catchUp();

    const built = await activity();

    expect(built.build).toBeUndefined();
    expect(built.items.map((item) => item.actor.name)).toContain('Mika Manager');
  });
});
