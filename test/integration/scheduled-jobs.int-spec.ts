import { ScheduledJobs } from '#src/platform/scheduling/scheduled-jobs.js';
import { createTestDatabase, type TestDatabase } from '../support/test-database.js';

describe(ScheduledJobs.name, () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db.drop();
  });

  describe('runOnce', () => {
    it('should run a job in one of many instances whose timers fire together', async () => {
      const instances = Array.from({ length: 6 }, () => new ScheduledJobs(db.pool));
      let runs = 0;

      const ran = await Promise.all(
        instances.map((jobs) => jobs.runOnce('together', 60_000, async () => void runs++)),
      );

      expect(runs).toBe(1);
      expect(ran.filter(Boolean)).toHaveLength(1);
    });

    it('should run a job again only once most of its period has passed', async () => {
      const jobs = new ScheduledJobs(db.pool);
      let runs = 0;
      const run = () => jobs.runOnce('periodic', 60_000, async () => void runs++);

      await run();
      await run();
      await db.pool.query(
        "update scheduled_job_runs set started_at = now() - interval '55 seconds' where job = 'periodic'",
      );
      await run();

      expect(runs).toBe(2);
    });
  });
});
