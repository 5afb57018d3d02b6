import { ConcurrencyError } from '#src/platform/event-store/event-store.errors.js';
import { refusalOf } from '#test/support/refusal.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import {
  type LeadCreated,
  leadStreamId,
  leadSubjectId,
} from '#src/modules/leads/domain/lead.events.js';
import { AINO, AINO_ORDER, leadCreatedFor } from '#test/support/lead-fixtures.js';
import { PIPELINE_STREAM_ID } from '#src/modules/leads/domain/pipeline.events.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import type { MembersReader } from '#src/modules/team/index.js';
import type { DuplicateLeadsReader } from '#src/modules/leads/queries/duplicate-leads.reader.js';
import type { ContactKeys } from '#src/modules/leads/domain/contact-match.js';
import { ForgetVisitorCommand } from '#src/modules/visualizer/index.js';
import { RecordingCommandBus } from '#test/support/command-bus.js';
import { StreamLeadList } from '#test/support/stream-lead-list.js';
import { CreateLeadCommand } from './create-lead/create-lead.command.js';
import { CreateLeadHandler, uuidFromName } from './create-lead/create-lead.handler.js';
import { EraseLeadCommand } from './erase-lead/erase-lead.command.js';
import { EraseLeadHandler } from './erase-lead/erase-lead.handler.js';
import { MergeLeadCommand } from './merge-lead/merge-lead.command.js';
import { MergeLeadHandler } from './merge-lead/merge-lead.handler.js';
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
  // Erasure sends itself again for the leads merged into the erased one, and forgets its visitor.
  const bus = new RecordingCommandBus();
  const erase = new EraseLeadHandler(
    leads,
    store.asEventStore(),
    bus.asCommandBus(),
    new StreamLeadList(store).duplicates,
  );
  bus.route(EraseLeadCommand, erase);
  return {
    store,
    bus,
    erase,
    merge: new MergeLeadHandler(leads),
    create: new CreateLeadHandler(leads, columns, duplicates),
    restore: new RestoreLeadHandler(leads),
    trash: new TrashLeadHandler(leads),
    // No command here assigns an owner, so the team's member list is never consulted.
    update: new UpdateLeadHandler(leads, columns, noMembers),
  };
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
      ...AINO_ORDER,
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

  describe('MergeLead', () => {
    const SURVIVOR = 'l2';
    const SURVIVOR_STREAM = leadStreamId(SURVIVOR);
    const twoLeads = (store: InMemoryEventStore) =>
      store
        .given(STREAM, [leadCreated])
        .given(SURVIVOR_STREAM, [leadCreatedFor(SURVIVOR)], 'Mikko');

    it('should append each half of the merge to its lead and answer the survivor', async () => {
      const { store, merge } = handlers();
      twoLeads(store);
      await expect(merge.execute(new MergeLeadCommand(LEAD, SURVIVOR, 1))).resolves.toEqual({
        leadId: SURVIVOR,
        version: 2,
      });
      expect(store.eventsOf(STREAM, 1)).toEqual([{ type: 'LeadMerged', data: { into: SURVIVOR } }]);
      expect(store.eventsOf(SURVIVOR_STREAM, 1)).toEqual([
        { type: 'LeadAbsorbed', data: { from: LEAD } },
      ]);
    });

    it('should refuse a lead merged into itself', async () => {
      const { store, merge } = handlers();
      twoLeads(store);
      const refusal = await refusalOf(merge.execute(new MergeLeadCommand(LEAD, LEAD)));
      expect(refusal.code).toBe('invalid');
      expect(store.eventsOf(STREAM, 1)).toEqual([]);
    });

    it('should refuse a survivor in the bin and write neither half', async () => {
      const { store, merge } = handlers();
      twoLeads(store).given(SURVIVOR_STREAM, [{ type: 'LeadTrashed', data: {} }]);
      const refusal = await refusalOf(merge.execute(new MergeLeadCommand(LEAD, SURVIVOR)));
      expect(refusal.message).toBe('The lead to merge into is in the Recycle Bin');
      expect(store.eventsOf(STREAM, 1)).toEqual([]);
      expect(store.eventsOf(SURVIVOR_STREAM, 2)).toEqual([]);
    });

    it('should refuse a version the merged lead has moved past', async () => {
      const { store, merge } = handlers();
      twoLeads(store).given(STREAM, [toContacted], 'Mikko');
      const error = await merge
        .execute(new MergeLeadCommand(LEAD, SURVIVOR, 1))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConcurrencyError);
      expect((error as ConcurrencyError).changedBy).toBe('Mikko');
      expect(store.eventsOf(SURVIVOR_STREAM, 1)).toEqual([]);
    });

    it('should write neither half when the survivor changes between the read and the append', async () => {
      const { store, merge } = handlers();
      twoLeads(store);
      store.interleave(() => store.given(SURVIVOR_STREAM, [toContacted]));
      await expect(merge.execute(new MergeLeadCommand(LEAD, SURVIVOR))).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      expect(store.eventsOf(STREAM, 1)).toEqual([]);
      expect(store.eventsOf(SURVIVOR_STREAM, 1)).toEqual([toContacted]);
    });
  });

  describe('EraseLead', () => {
    const trashed = { type: 'LeadTrashed', data: {} };
    const mergedInto = (into: string) => ({ type: 'LeadMerged', data: { into } });
    /** A lead whose personal data is sealed under its own subject, as the lead stream keeps it. */
    const givenLead = (store: InMemoryEventStore, leadId: string, ...later: object[]) =>
      store.given(
        leadStreamId(leadId),
        [leadCreatedFor(leadId), ...(later as { type: string; data: object }[])],
        'Someone',
        leadSubjectId(leadId),
      );

    it('should erase a lead in the bin, shred its personal data and then forget its visitor', async () => {
      const { store, bus, erase } = handlers();
      const created = { ...leadCreated, personalData: { ...AINO, visitorId: 'v1' } };
      store.given(STREAM, [created, trashed], 'Someone', leadSubjectId(LEAD));

      await expect(erase.execute(new EraseLeadCommand(LEAD, 2))).resolves.toEqual({
        leadId: LEAD,
        version: 3,
      });

      expect(store.eventsOf(STREAM, 2)).toEqual([{ type: 'LeadErased', data: {} }]);
      expect(store.isErased(leadSubjectId(LEAD))).toBe(true);
      const [readBack] = await store.readStream(STREAM);
      expect(readBack.personalData).toBeNull();
      expect(bus.sentOf(ForgetVisitorCommand)).toEqual([new ForgetVisitorCommand('v1')]);
    });

    it('should refuse a lead outside the bin, shredding nothing and forgetting no one', async () => {
      const { store, bus, erase } = handlers();
      givenLead(store, LEAD);
      const refusal = await refusalOf(erase.execute(new EraseLeadCommand(LEAD)));
      expect(refusal.message).toBe('Only leads in the Recycle Bin can be deleted permanently');
      expect(store.eventsOf(STREAM, 1)).toEqual([]);
      expect(store.isErased(leadSubjectId(LEAD))).toBe(false);
      expect(bus.sent).toEqual([]);
    });

    it('should erase a lead on the board when retention says so', async () => {
      const { store, erase } = handlers();
      givenLead(store, LEAD);
      await erase.execute(new EraseLeadCommand(LEAD, undefined, 'retention'));
      expect(store.eventsOf(STREAM, 1)).toEqual([
        { type: 'LeadErased', data: { reason: 'retention' } },
      ]);
      expect(store.isErased(leadSubjectId(LEAD))).toBe(true);
    });

    it('should refuse a stale version and leave the personal data readable', async () => {
      const { store, erase } = handlers();
      givenLead(store, LEAD, trashed);
      store.given(STREAM, [{ type: 'LeadRestored', data: {} }, trashed], 'Mikko');
      await expect(erase.execute(new EraseLeadCommand(LEAD, 2))).rejects.toBeInstanceOf(
        ConcurrencyError,
      );
      expect(store.isErased(leadSubjectId(LEAD))).toBe(false);
      expect((await store.readStream(STREAM))[0].personalData).toEqual(AINO);
    });

    it('should erase the leads merged into it, and those merged into them, and no other', async () => {
      const { store, bus, erase } = handlers();
      givenLead(store, 'a', trashed);
      givenLead(store, 'b', mergedInto('a'));
      givenLead(store, 'c', mergedInto('b'));
      givenLead(store, 'd', mergedInto('elsewhere'));

      await erase.execute(new EraseLeadCommand('a'));

      expect(bus.sentOf(EraseLeadCommand).map(({ leadId }) => leadId)).toEqual(['b', 'c']);
      for (const leadId of ['b', 'c']) {
        expect(store.eventsOf(leadStreamId(leadId), 2)).toEqual([
          { type: 'LeadErased', data: { reason: 'survivor_erased' } },
        ]);
        expect(store.isErased(leadSubjectId(leadId))).toBe(true);
      }
      expect(store.eventsOf(leadStreamId('d'), 2)).toEqual([]);
      expect(store.isErased(leadSubjectId('d'))).toBe(false);
    });
  });
});
