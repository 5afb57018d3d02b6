import { LEAD_RETENTION_STREAM_ID } from '#src/modules/leads/domain/lead-retention.js';
import { LeadRetentionJob } from '#src/modules/leads/retention/lead-retention.job.js';
import { erasedSubjects } from '#src/platform/event-store/erasure-ledger.js';
import { createTestLead } from '../support/leads.js';
import { useTestApp } from '../support/app-fixture.js';
import { startTestApp } from '../support/test-app.js';

const DAY_MS = 24 * 3600_000;
const YEAR_MS = 365 * DAY_MS;

describe(LeadRetentionJob.name, () => {
  let job: LeadRetentionJob;

  const recordedRuns = async () =>
    (
      await testApp.db.pool.query<{ data: Record<string, number> }>(
        `select data from events where stream_id = $1 order by global_position`,
        [LEAD_RETENTION_STREAM_ID],
      )
    ).rows.map((row) => [row.data.quoteLeadsErased, row.data.contactLeadsErased]);

  const testApp = useTestApp({ runProjections: false });

  beforeAll(async () => {
    job = testApp.app.get(LeadRetentionJob);
  });

  const createContactMessage = (firstName: string) =>
    createTestLead(testApp, {
      source: 'contact_form',
      firstName,
      lastName: 'Kysyjä',
      email: `${firstName.toLowerCase()}@example.fi`,
      message: 'Voiko kalvolla päällystää myös työtason?',
    });

  const leadRow = async (id: string) =>
    (
      await testApp.db.pool.query<{ email: string | null; erased_at: string | null }>(
        'select email, erased_at from lead_list where id = $1',
        [id],
      )
    ).rows[0];

  it('should run once at start, however often the app restarts, and not again within a day', async () => {
    const deadline = Date.now() + 10_000;
    while ((await recordedRuns()).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await recordedRuns()).toEqual([[0, 0]]);
    const restarted = await startTestApp({}, { runProjections: false, database: testApp.db });
    await restarted.app.get(LeadRetentionJob).runScheduled();
    await restarted.close();
    await job.runScheduled();
    expect(await recordedRuns()).toEqual([[0, 0]]);
  });

  it('should erase contact messages after 1 year and quote leads after 2, with counts recorded', async () => {
    const quote = await createTestLead(testApp, { firstName: 'Pekka', lastName: 'Tarjous' });
    const contact = await createContactMessage('Anni');

    const today = await job.apply(new Date());
    expect(today).toMatchObject({ quoteLeadsErased: 0, contactLeadsErased: 0 });
    expect((await leadRow(contact)).erased_at).toBeNull();

    const afterOneYear = await job.apply(new Date(Date.now() + YEAR_MS + DAY_MS));
    expect(afterOneYear).toMatchObject({ quoteLeadsErased: 0, contactLeadsErased: 1 });
    expect(await leadRow(contact)).toMatchObject({ email: null, erased_at: expect.anything() });
    expect((await leadRow(quote)).email).toBe('pekka.tarjous@example.fi');

    const afterTwoYears = await job.apply(new Date(Date.now() + 2 * YEAR_MS + 2 * DAY_MS));
    expect(afterTwoYears).toMatchObject({ quoteLeadsErased: 1, contactLeadsErased: 0 });
    expect(await leadRow(quote)).toMatchObject({ email: null, erased_at: expect.anything() });

    // The run at start, then the three above.
    expect(await recordedRuns()).toEqual([
      [0, 0],
      [0, 0],
      [0, 1],
      [1, 0],
    ]);
    const erasures = await testApp.db.pool.query<{ data: { reason?: string } }>(
      `select data from events where stream_id in ($1, $2) and type = 'LeadErased'`,
      [`lead-${quote}`, `lead-${contact}`],
    );
    expect(erasures.rows.map((row) => row.data.reason)).toEqual(['retention', 'retention']);
    const ledger = await erasedSubjects(testApp.db.pool);
    expect(ledger).toContain(`lead:${quote}`);
    expect(ledger).toContain(`lead:${contact}`);
  });
});
