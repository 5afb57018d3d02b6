import { CommandBus } from '@nestjs/cqrs';
import request from 'supertest';
import { EraseLeadCommand } from '#src/modules/leads/commands/erase-lead/erase-lead.command.js';
import { TrashLeadCommand } from '#src/modules/leads/commands/trash-lead/trash-lead.command.js';
import { IntakeMailWorker } from '#src/modules/mail/intake/intake-mail.worker.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { validQuote } from '../support/public-intake.js';
import { useTestApp } from '../support/app-fixture.js';

const admin: Actor = {
  id: '00000000-0000-4000-8000-0000000000a1',
  name: 'Aino Admin',
  role: 'admin',
};

/**
 * The intake e-mails are queued after the lead's transaction, by a worker following a table
 * written in that transaction: none is lost when the worker dies, and none is queued twice.
 */
describe('Intake e-mails queued after the lead commits', () => {
  let worker: IntakeMailWorker;

  const testApp = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000' }, runProjections: false });

  beforeAll(async () => {
    worker = testApp.app.get(IntakeMailWorker);
  });

  const submitQuote = async (firstName: string): Promise<string> => {
    const quote = validQuote();
    quote.customer.firstName = firstName;
    const { body } = await request(testApp.baseUrl).post('/api/quote').send(quote).expect(201);
    return body.leadId as string;
  };
  const queuedFor = async (leadId: string): Promise<string[]> => {
    const { rows } = await testApp.db.pool.query<{ kind: string }>(
      `select data->>'kind' as kind from events
       where stream_id = $1 and type = 'EmailQueued' order by stream_version`,
      [`mail-${leadId}`],
    );
    return rows.map((row) => row.kind);
  };
  const pendingFor = async (leadId: string): Promise<number> => {
    const { rows } = await testApp.db.pool.query<{ n: number }>(
      'select count(*)::int as n from intake_mail_pending where lead_id = $1',
      [leadId],
    );
    return rows[0].n;
  };

  it('should queue the quote e-mail and the notification once the lead exists', async () => {
    const leadId = await submitQuote('Iida');
    await worker.drain();
    expect(await queuedFor(leadId)).toEqual(['quote', 'quote_notification']);
    expect(await pendingFor(leadId)).toBe(0);
  });

  it('should queue them once after a worker died holding the lead, and never twice', async () => {
    await worker.onApplicationShutdown();
    const leadId = await submitQuote('Ilmari');
    expect(await queuedFor(leadId)).toEqual([]);
    expect(await pendingFor(leadId)).toBe(1);
    // A worker claims the lead and dies before queueing: its lease runs out.
    await testApp.db.pool.query(
      "update intake_mail_pending set claimed_until = now() + interval '1 hour' where lead_id = $1",
      [leadId],
    );
    worker.onApplicationBootstrap();
    await worker.drain();
    expect(await queuedFor(leadId)).toEqual([]);
    await testApp.db.pool.query(
      "update intake_mail_pending set claimed_until = now() - interval '1 second' where lead_id = $1",
      [leadId],
    );
    await worker.drain();
    expect(await queuedFor(leadId)).toEqual(['quote', 'quote_notification']);
    // A second worker that queued the same lead before the first settled stores nothing new.
    const { rows } = await testApp.db.pool.query<{ id: string }>(
      "select event_id as id from events where stream_id = $1 and type = 'LeadCreated'",
      [`lead-${leadId}`],
    );
    await testApp.db.pool.query(
      'insert into intake_mail_pending (lead_event_id, lead_id) values ($1, $2)',
      [rows[0].id, leadId],
    );
    await worker.drain();
    expect(await queuedFor(leadId)).toEqual(['quote', 'quote_notification']);
    expect(await pendingFor(leadId)).toBe(0);
  });

  it('should queue nothing for a lead erased before its e-mails were queued', async () => {
    await worker.onApplicationShutdown();
    const leadId = await submitQuote('Into');
    const bus = testApp.app.get(CommandBus);
    await RequestContext.run({ requestId: crypto.randomUUID(), actor: admin }, async () => {
      await bus.execute(new TrashLeadCommand(leadId));
      await bus.execute(new EraseLeadCommand(leadId));
    });
    expect(await pendingFor(leadId)).toBe(0);
    worker.onApplicationBootstrap();
    await worker.drain();
    expect(await queuedFor(leadId)).toEqual([]);
  });
});
