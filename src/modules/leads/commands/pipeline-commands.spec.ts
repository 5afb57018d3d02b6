import { Refusal } from '#src/platform/domain/refusal.js';
import { leadStreamId } from '#src/modules/leads/domain/lead.events.js';
import { PIPELINE_STREAM_ID } from '#src/modules/leads/domain/pipeline.events.js';
import { LeadRepository } from '#src/modules/leads/infrastructure/lead.repository.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { DEFAULT_COLUMNS } from '#src/modules/leads/domain/pipeline.state.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { leadCreatedFor } from '#test/support/lead-fixtures.js';
import { StreamLeadList } from '#test/support/stream-lead-list.js';
import { AddPipelineColumnCommand } from './add-pipeline-column/add-pipeline-column.command.js';
import { AddPipelineColumnHandler } from './add-pipeline-column/add-pipeline-column.handler.js';
import { EditPipelineColumnCommand } from './edit-pipeline-column/edit-pipeline-column.command.js';
import { EditPipelineColumnHandler } from './edit-pipeline-column/edit-pipeline-column.handler.js';
import { RemovePipelineColumnCommand } from './remove-pipeline-column/remove-pipeline-column.command.js';
import { RemovePipelineColumnHandler } from './remove-pipeline-column/remove-pipeline-column.handler.js';

const won = { id: 'won', name: 'Won', color: 'green' };

/**
 * The pipeline's column handlers on the one command path, over streams kept in memory; the
 * leads a column holds are read from the lead streams, as the lead list holds them.
 */
function handlers() {
  const store = new InMemoryEventStore();
  const columns = new PipelineColumnsRepository(store.asEventStore());
  const leads = new LeadRepository(store.asEventStore());
  const { inColumn } = new StreamLeadList(store);
  return {
    store,
    add: new AddPipelineColumnHandler(columns),
    edit: new EditPipelineColumnHandler(columns),
    remove: new RemovePipelineColumnHandler(columns, leads, store.asEventStore(), inColumn),
  };
}

/** Given: leads `l1`, `l2`, … in column `status`, each as created there. */
function givenLeads(store: InMemoryEventStore, count: number, status: string, from = 1): string[] {
  return Array.from({ length: count }, (_, i) => {
    const leadId = `l${from + i}`;
    const created = leadCreatedFor(leadId);
    store.given(leadStreamId(leadId), [{ ...created, data: { ...created.data, status } }]);
    return leadId;
  });
}

const movedOut = (from: string, to: string) => ({
  type: 'LeadStatusChanged',
  data: { from, to, reason: 'column_removed' },
});

describe('pipeline column handlers', () => {
  describe('AddPipelineColumn', () => {
    it('should append the new column after the default ones and answer it', async () => {
      const { store, add } = handlers();
      await expect(add.execute(new AddPipelineColumnCommand('  Won ', 'green'))).resolves.toEqual(
        won,
      );
      expect(store.eventsOf(PIPELINE_STREAM_ID)).toEqual([
        { type: 'PipelineColumnAdded', data: won },
      ]);
    });

    it('should refuse a column whose id the pipeline already has and append nothing', async () => {
      const { store, add } = handlers();
      store.given(PIPELINE_STREAM_ID, [{ type: 'PipelineColumnAdded', data: won }]);
      const refused = await add.execute(new AddPipelineColumnCommand('won', 'red')).catch((e) => e);
      expect(refused).toBeInstanceOf(Refusal);
      expect((refused as Refusal).code).toBe('conflict');
      expect(store.eventsOf(PIPELINE_STREAM_ID, 1)).toEqual([]);
    });
  });

  describe('EditPipelineColumn', () => {
    it('should rename and recolour a column in one change and answer the column as it is', async () => {
      const { store, edit } = handlers();
      const edited = await edit.execute(
        new EditPipelineColumnCommand('contacted', { name: 'Called', color: 'red' }),
      );
      expect(edited).toEqual({ id: 'contacted', name: 'Called', color: 'red' });
      expect(store.eventsOf(PIPELINE_STREAM_ID)).toEqual([
        {
          type: 'PipelineColumnRenamed',
          data: { id: 'contacted', from: 'Contacted', to: 'Called' },
        },
        { type: 'PipelineColumnRecolored', data: { id: 'contacted', from: 'yellow', to: 'red' } },
      ]);
    });

    it('should append nothing when the column already reads so', async () => {
      const { store, edit } = handlers();
      await edit.execute(new EditPipelineColumnCommand('new', { name: 'New Leads' }));
      expect(store.eventsOf(PIPELINE_STREAM_ID)).toEqual([]);
    });

    it('should refuse a column that was removed', async () => {
      const { store, edit } = handlers();
      store.given(PIPELINE_STREAM_ID, [
        { type: 'PipelineColumnRemoved', data: { id: 'proposal', movedLeadsTo: null } },
      ]);
      const refused = await edit
        .execute(new EditPipelineColumnCommand('proposal', { name: 'Offer' }))
        .catch((e) => e);
      expect((refused as Refusal).code).toBe('not_found');
      expect(store.eventsOf(PIPELINE_STREAM_ID, 1)).toEqual([]);
    });
  });

  describe('RemovePipelineColumn', () => {
    it('should remove an empty column, moving no lead', async () => {
      const { store, remove } = handlers();
      await expect(
        remove.execute(new RemovePipelineColumnCommand('proposal', null)),
      ).resolves.toEqual({ movedLeads: 0 });
      expect(store.eventsOf(PIPELINE_STREAM_ID)).toEqual([
        { type: 'PipelineColumnRemoved', data: { id: 'proposal', movedLeadsTo: null } },
      ]);
    });

    it("should move the column's leads out, those in the bin too, before removing it", async () => {
      const { store, remove } = handlers();
      const [active, binned, erased] = givenLeads(store, 3, 'proposal');
      givenLeads(store, 1, 'contacted', 4);
      store.given(leadStreamId(binned), [{ type: 'LeadTrashed', data: {} }]);
      store.given(leadStreamId(erased), [
        { type: 'LeadTrashed', data: {} },
        { type: 'LeadErased', data: {} },
      ]);

      await expect(
        remove.execute(new RemovePipelineColumnCommand('proposal', 'new')),
      ).resolves.toEqual({ movedLeads: 2 });

      expect(store.eventsOf(leadStreamId(active), 1)).toEqual([movedOut('proposal', 'new')]);
      expect(store.eventsOf(leadStreamId(binned), 2)).toEqual([movedOut('proposal', 'new')]);
      expect(store.eventsOf(leadStreamId(erased), 3)).toEqual([]);
      expect(store.eventsOf(leadStreamId('l4'), 1)).toEqual([]);
      expect(store.eventsOf(PIPELINE_STREAM_ID)).toEqual([
        { type: 'PipelineColumnRemoved', data: { id: 'proposal', movedLeadsTo: 'new' } },
      ]);
    });

    it('should move more leads than one batch holds', async () => {
      const { store, remove } = handlers();
      const leadIds = givenLeads(store, 40, 'proposal');
      await expect(
        remove.execute(new RemovePipelineColumnCommand('proposal', 'new')),
      ).resolves.toEqual({ movedLeads: 40 });
      for (const leadId of leadIds)
        expect(store.eventsOf(leadStreamId(leadId), 1)).toEqual([movedOut('proposal', 'new')]);
    });

    it('should move a lead that arrived in the column meanwhile with the removal itself', async () => {
      const { store, remove } = handlers();
      givenLeads(store, 1, 'proposal');
      // The first append moves the lead that was there; just before the removal's, one arrives.
      store.interleave(() => undefined);
      store.interleave(() => givenLeads(store, 1, 'proposal', 9));
      await expect(
        remove.execute(new RemovePipelineColumnCommand('proposal', 'new')),
      ).resolves.toEqual({ movedLeads: 2 });
      expect(store.eventsOf(leadStreamId('l9'), 1)).toEqual([movedOut('proposal', 'new')]);
    });

    it('should refuse, keeping the column, when a lead arrives in a column it found empty', async () => {
      const { store, remove } = handlers();
      store.interleave(() => givenLeads(store, 1, 'proposal'));
      const refused = await remove
        .execute(new RemovePipelineColumnCommand('proposal', null))
        .catch((e: unknown) => e);
      expect((refused as Refusal).message).toBe(
        'moveLeadsTo is required: the column still holds leads',
      );
      expect(store.eventsOf(PIPELINE_STREAM_ID)).toEqual([]);
      expect(store.eventsOf(leadStreamId('l1'))).toHaveLength(1);
    });

    it('should refuse a column that holds leads without a column to move them to', async () => {
      const { store, remove } = handlers();
      const [leadId] = givenLeads(store, 1, 'proposal');
      const refused = await remove
        .execute(new RemovePipelineColumnCommand('proposal', null))
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Refusal);
      expect((refused as Refusal).code).toBe('invalid');
      expect(store.eventsOf(PIPELINE_STREAM_ID)).toEqual([]);
      expect(store.eventsOf(leadStreamId(leadId), 1)).toEqual([]);
    });

    it('should refuse when the columns change while its leads are being moved', async () => {
      const { store, remove } = handlers();
      const [leadId] = givenLeads(store, 1, 'proposal');
      store.interleave(() =>
        store.given(PIPELINE_STREAM_ID, [{ type: 'PipelineColumnAdded', data: won }]),
      );
      const refused = await remove
        .execute(new RemovePipelineColumnCommand('proposal', 'new'))
        .catch((e: unknown) => e);
      expect((refused as Refusal).message).toBe(
        'The pipeline columns changed meanwhile; please try again',
      );
      expect(store.eventsOf(PIPELINE_STREAM_ID, 1)).toEqual([]);
      expect(store.eventsOf(leadStreamId(leadId), 1)).toEqual([]);
    });

    it('should refuse the last column there is', async () => {
      const { store, remove } = handlers();
      const defaults = DEFAULT_COLUMNS.map((column) => column.id);
      store.given(
        PIPELINE_STREAM_ID,
        defaults.slice(1).map((id) => ({
          type: 'PipelineColumnRemoved',
          data: { id, movedLeadsTo: null },
        })),
      );
      const refused = await remove
        .execute(new RemovePipelineColumnCommand('new', null))
        .catch((e: unknown) => e);
      expect((refused as Refusal).message).toBe('The last column cannot be deleted');
      expect(store.eventsOf(PIPELINE_STREAM_ID, defaults.length - 1)).toEqual([]);
    });
  });
});
