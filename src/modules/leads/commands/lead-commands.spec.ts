import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { type LeadCreated, leadStreamId } from '#src/modules/leads/domain/lead.events.js';
import { leadCreatedFor } from '#test/support/lead-fixtures.js';
import { PIPELINE_STREAM_ID } from '#src/modules/leads/domain/pipeline.events.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import type { MembersReader } from '#src/modules/team/index.js';
import { TrashLeadCommand } from './trash-lead/trash-lead.command.js';
import { TrashLeadHandler } from './trash-lead/trash-lead.handler.js';
import { UpdateLeadCommand } from './update-lead/update-lead.command.js';
import { UpdateLeadHandler } from './update-lead/update-lead.handler.js';

const LEAD = 'l1';
const STREAM = leadStreamId(LEAD);

const leadCreated: LeadCreated = leadCreatedFor(LEAD);
const toContacted = { type: 'LeadStatusChanged', data: { from: 'new', to: 'contacted' } };

const noMembers = { list: () => Promise.resolve([]) } as unknown as MembersReader;

/** The lead command handlers on the one command path, over streams kept in memory. */
function handlers() {
  const store = new InMemoryEventStore();
  const leads = new LeadRepository(store.asEventStore());
  const columns = new PipelineColumnsRepository(store.asEventStore());
  return {
    store,
    trash: new TrashLeadHandler(leads),
    // No command here assigns an owner, so the team's member list is never consulted.
    update: new UpdateLeadHandler(leads, columns, noMembers),
  };
}

async function refusalOf(work: Promise<unknown>): Promise<Refusal> {
  const error: unknown = await work.then(
    () => new Error('expected a refusal, but the command was accepted'),
    (refused: unknown) => refused,
  );
  if (error instanceof Refusal) return error;
  throw error;
}

describe('lead command handlers', () => {
  describe('TrashLead', () => {
    it('should append the trashing at the version the user saw', async () => {
      const { store, trash } = handlers();
      store.given(STREAM, [leadCreated]);
      await expect(trash.execute(new TrashLeadCommand(LEAD, 1))).resolves.toEqual({
        leadId: LEAD,
        version: 2,
      });
      expect(store.eventsOf(STREAM, 1)).toEqual([{ type: 'LeadTrashed', data: {} }]);
    });

    it('should refuse a lead that does not exist and append nothing', async () => {
      const { store, trash } = handlers();
      const refusal = await refusalOf(trash.execute(new TrashLeadCommand(LEAD)));
      expect(refusal.code).toBe('not_found');
      expect(store.eventsOf(STREAM)).toEqual([]);
    });

    it('should refuse a version the lead has moved past, naming who moved it', async () => {
      const { store, trash } = handlers();
      store.given(STREAM, [leadCreated, toContacted], 'Mikko');
      const error = await trash.execute(new TrashLeadCommand(LEAD, 1)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect((error as ConcurrencyError).changedBy).toBe('Mikko');
      expect(store.eventsOf(STREAM, 2)).toEqual([]);
    });
  });

  describe('UpdateLead', () => {
    it('should move a lead to another column of the pipeline', async () => {
      const { store, update } = handlers();
      store.given(STREAM, [leadCreated]);
      await update.execute(new UpdateLeadCommand({ leadId: LEAD, status: 'contacted' }));
      expect(store.eventsOf(STREAM, 1)).toEqual([toContacted]);
    });

    it('should decide again on the newer lead when a write slips in without a version', async () => {
      const { store, update } = handlers();
      store.given(STREAM, [leadCreated]);
      store.interleave(() => store.given(STREAM, [toContacted]));
      const result = await update.execute(
        new UpdateLeadCommand({ leadId: LEAD, status: 'qualified' }),
      );
      expect(result.version).toBe(3);
      expect(store.eventsOf(STREAM, 2)).toEqual([
        { type: 'LeadStatusChanged', data: { from: 'contacted', to: 'qualified' } },
      ]);
    });

    it('should not decide again when the user named the version they saw', async () => {
      const { store, update } = handlers();
      store.given(STREAM, [leadCreated]);
      store.interleave(() => store.given(STREAM, [toContacted]));
      await expect(
        update.execute(
          new UpdateLeadCommand({ leadId: LEAD, expectedVersion: 1, status: 'qualified' }),
        ),
      ).rejects.toBeInstanceOf(ConcurrencyError);
      expect(store.eventsOf(STREAM, 2)).toEqual([]);
    });

    it('should decide again on the new columns when the pipeline changed meanwhile', async () => {
      const { store, update } = handlers();
      store.given(STREAM, [leadCreated]);
      const won = { id: 'won', name: 'Won', color: 'green' };
      store.given(PIPELINE_STREAM_ID, [{ type: 'PipelineColumnAdded', data: won }]);
      store.interleave(() =>
        store.given(PIPELINE_STREAM_ID, [
          { type: 'PipelineColumnRemoved', data: { id: 'won', movedLeadsTo: 'new' } },
        ]),
      );
      const refusal = await refusalOf(
        update.execute(new UpdateLeadCommand({ leadId: LEAD, status: 'won' })),
      );
      expect(refusal.code).toBe('invalid');
      expect(store.eventsOf(STREAM, 1)).toEqual([]);
    });

    it('should refuse a stale version even when there is nothing left to change', async () => {
      const { store, update } = handlers();
      store.given(STREAM, [leadCreated, toContacted]);
      const stale = { leadId: LEAD, expectedVersion: 1, status: 'contacted' };
      await expect(update.execute(new UpdateLeadCommand(stale))).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      await expect(
        update.execute(new UpdateLeadCommand({ ...stale, expectedVersion: 2 })),
      ).resolves.toEqual({ leadId: LEAD, version: 2 });
      expect(store.eventsOf(STREAM, 2)).toEqual([]);
    });

    it('should refuse a status the pipeline does not have', async () => {
      const { store, update } = handlers();
      store.given(STREAM, [leadCreated]);
      const refusal = await refusalOf(
        update.execute(new UpdateLeadCommand({ leadId: LEAD, status: 'lost' })),
      );
      expect(refusal).toMatchObject({ code: 'invalid', message: /status must be one of/ });
    });
  });
});
