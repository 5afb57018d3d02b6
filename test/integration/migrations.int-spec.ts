import { runMigrations } from '#src/platform/database/migrate.js';
import { migrationsList } from '#migrations/index.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

describe(runMigrations.name, () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase({ migrated: false });
  });
  afterAll(async () => {
    await db.drop();
  });

  it('should apply each migration once when several instances start on an empty database at once', async () => {
    const applied = await Promise.all(Array.from({ length: 3 }, () => runMigrations(db.url)));
    expect(applied.flat().sort()).toEqual(migrationsList.map((migration) => migration.name).sort());
    const { rows } = await db.pool.query<{ n: number }>(
      'select count(*)::int as n from schema_migrations',
    );
    expect(rows[0].n).toBe(migrationsList.length);
  });
});
