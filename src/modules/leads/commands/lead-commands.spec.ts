import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { Refusal } from '#src/platform/domain/refusal.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { type LeadCreated, leadStreamId } from '#src/modules/leads/domain/lead.events.js';
import { AINO, leadCreatedFor } from '#test/support/lead-fixtures.js';
import { PIPELINE_STREAM_ID } from '#src/modules/leads/domain/pipeline.events.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import type { MembersReader } from '#src/modules/team/index.js';
import type { DuplicateLeadsReader } from '#src/modules/leads/queries/duplicate-leads.reader.js';
import type { ContactKeys } from '#src/modules/leads/domain/contact-match.js';
import { CreateLeadCommand } from './create-lead/create-lead.command.js';
import { CreateLeadHandler, uuidFromName } from './create-lead/create-lead.handler.js';
import { RestoreLeadCommand } from './restore-lead/restore-lead.command.js';
import { RestoreLeadHandler } from './restore-lead/restore-lead.handler.js';
import { TrashLeadCommand } from './trash-lead/trash-lead.command.js';
import { TrashLeadHandler } from './trash-lead/trash-lead.handler.js';
import { UpdateLeadCommand } from './update-lead/update-lead.command.js';
import { UpdateLeadHandler } from './update-lead/update-lead.handler.js';

const LEAD = 'l1';
const STREAM = leadStreamId(LEAD);

const leadCreated: LeadCreated = leadCreatedFor(LEAD);
const toContacted = { type: 'LeadStatusChanged', data: { from: 'new', to: 'contacted' } };

const noMembers = { list: () => Promise.resolve([]) } as unknown as MembersReader;

/** Active leads by e-mail as the lead list would answer: the duplicates a new lead is linked to. */
function duplicatesOf(byEmail: Record<string, string[]> = {}) {
  const asked: ContactKeys[] = [];
  const reader = {
    matching: (contact: ContactKeys) => {
      asked.push(contact);
      return Promise.resolve(byEmail[contact.email ?? ''] ?? []);
    },
  } as unknown as DuplicateLeadsReader;
  return { reader, asked };
}

/** The lead command handlers on the one command path, over streams kept in memory. */
function handlers(duplicates = duplicatesOf().reader) {
  const store = new InMemoryEventStore();
  const leads = new LeadRepository(store.asEventStore());
  const columns = new PipelineColumnsRepository(store.asEventStore());
  return {
    store,
    create: new CreateLeadHandler(leads, columns, duplicates),
    restore: new RestoreLeadHandler(leads),
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

  describe('CreateLead', () => {
    const input = {
      source: 'manual' as const,
      customer: AINO,
      doorStyle: 'Uritettu' as const,
      doors: 8,
      drawers: 2,
      metres: 3.5,
      totalPrice: 2490,
    };

    it("should start a new stream in the pipeline's first column", async () => {
      const { store, create } = handlers();
      const { leadId, version } = await create.execute(new CreateLeadCommand(input));
      expect(version).toBe(1);
      expect(store.eventsOf(leadStreamId(leadId))).toEqual([
        expect.objectContaining({
          type: 'LeadCreated',
          data: expect.objectContaining({ leadId, status: 'new', source: 'manual' }),
          personalData: expect.objectContaining({ email: AINO.email }),
        }),
      ]);
    });

    it('should link the new lead to each active lead with the same e-mail, after its creation', async () => {
      const { reader, asked } = duplicatesOf({ [AINO.email]: ['older-1', 'older-2'] });
      const { store, create } = handlers(reader);
      const { leadId, version } = await create.execute(
        new CreateLeadCommand({ ...input, source: 'quote' }),
      );
      expect(asked).toEqual([expect.objectContaining({ email: AINO.email, phone: AINO.phone })]);
      expect(version).toBe(3);
      expect(
        store
          .eventsOf(leadStreamId(leadId))
          .map((e) => [e.type, (e.data as { otherLeadId?: string }).otherLeadId]),
      ).toEqual([
        ['LeadCreated', undefined],
        ['LeadLinkedAsDuplicate', 'older-1'],
        ['LeadLinkedAsDuplicate', 'older-2'],
      ]);
    });

    it('should not look for duplicates of a lead staff type in themselves', async () => {
      const { reader, asked } = duplicatesOf({ [AINO.email]: ['older-1'] });
      const { store, create } = handlers(reader);
      const { leadId } = await create.execute(new CreateLeadCommand(input));
      expect(asked).toEqual([]);
      expect(store.eventsOf(leadStreamId(leadId)).map((e) => e.type)).toEqual(['LeadCreated']);
    });

    it('should link nothing when no active lead shares the e-mail or phone', async () => {
      const { reader } = duplicatesOf({ 'someone.else@example.fi': ['older-1'] });
      const { store, create } = handlers(reader);
      const { leadId } = await create.execute(
        new CreateLeadCommand({ ...input, source: 'contact_form' }),
      );
      expect(store.eventsOf(leadStreamId(leadId)).map((e) => e.type)).toEqual(['LeadCreated']);
    });

    it('should map a retried submission to the lead its key first made', async () => {
      const { create } = handlers();
      const { leadId } = await create.execute(
        new CreateLeadCommand({ ...input, idempotencyKey: 'k1' }),
      );
      expect(leadId).toBe(uuidFromName('lead:k1'));
      await expect(
        create.execute(new CreateLeadCommand({ ...input, idempotencyKey: 'k1' })),
      ).rejects.toBeInstanceOf(ConcurrencyError);
    });

    it('should refuse a status the pipeline no longer has and start no stream', async () => {
      const { store, create } = handlers();
      store.given(PIPELINE_STREAM_ID, [
        { type: 'PipelineColumnRemoved', data: { id: 'proposal', movedLeadsTo: null } },
      ]);
      const key = 'k2';
      const refusal = await refusalOf(
        create.execute(
          new CreateLeadCommand({ ...input, status: 'proposal', idempotencyKey: key }),
        ),
      );
      expect(refusal.code).toBe('invalid');
      expect(store.eventsOf(leadStreamId(uuidFromName(`lead:${key}`)))).toEqual([]);
    });
  });

  describe('RestoreLead', () => {
    it('should bring a lead back out of the bin', async () => {
      const { store, restore } = handlers();
      store.given(STREAM, [leadCreated, { type: 'LeadTrashed', data: {} }]);
      await expect(restore.execute(new RestoreLeadCommand(LEAD, 2))).resolves.toEqual({
        leadId: LEAD,
        version: 3,
      });
      expect(store.eventsOf(STREAM, 2)).toEqual([{ type: 'LeadRestored', data: {} }]);
    });

    it('should refuse a lead that is not in the bin and append nothing', async () => {
      const { store, restore } = handlers();
      store.given(STREAM, [leadCreated]);
      const refusal = await refusalOf(restore.execute(new RestoreLeadCommand(LEAD)));
      expect(refusal.code).toBe('conflict');
      expect(store.eventsOf(STREAM, 1)).toEqual([]);
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
