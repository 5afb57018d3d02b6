import { CommandBus } from '@nestjs/cqrs';
import { DEMO_DATA_ACTOR, seedDemoLeads } from '#src/cli/demo-leads.js';
import { outboxSize } from '../support/mail.js';
import { useTestApp } from '../support/app-fixture.js';

describe(seedDemoLeads.name, () => {
  const testApp = useTestApp({ env: { COMPANY_EMAIL: 'info@keittiokalvo.fi' } });

  it('should make leads as a visitor would send them, and e-mail none of their customers', async () => {
    await seedDemoLeads(testApp.app.get(CommandBus), {
      leads: 30,
      months: 2,
      concurrency: 3,
      seed: 7,
    });

    const { rows: created } = await testApp.db.pool.query<{ source: string; role: string }>(
      `select data->>'source' as source, metadata->>'actorRole' as role
       from events where type = 'LeadCreated'`,
    );
    expect(created).toHaveLength(30);
    const visitorsWouldSend = created.filter((lead) => lead.source !== 'manual');
    expect(visitorsWouldSend.length).toBeGreaterThan(10);
    expect(new Set(visitorsWouldSend.map((lead) => lead.role))).toEqual(
      new Set([DEMO_DATA_ACTOR.role]),
    );
    const { rows: mail } = await testApp.db.pool.query(
      "select 1 from events where type = 'EmailQueued'",
    );
    expect(mail).toHaveLength(0);
    expect(await outboxSize(testApp)).toBe(0);
  });
});
