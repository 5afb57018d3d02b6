import { Refusal } from '#src/platform/domain/refusal.js';
import { PIPELINE_STREAM_ID } from '#src/modules/leads/domain/pipeline.events.js';
import { PipelineColumnsRepository } from '#src/modules/leads/infrastructure/pipeline-columns.repository.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { AddPipelineColumnCommand } from './add-pipeline-column/add-pipeline-column.command.js';
import { AddPipelineColumnHandler } from './add-pipeline-column/add-pipeline-column.handler.js';
import { EditPipelineColumnCommand } from './edit-pipeline-column/edit-pipeline-column.command.js';
import { EditPipelineColumnHandler } from './edit-pipeline-column/edit-pipeline-column.handler.js';

const won = { id: 'won', name: 'Won', color: 'green' };

/** The pipeline's column handlers on the one command path, over a stream kept in memory. */
function handlers() {
  const store = new InMemoryEventStore();
  const columns = new PipelineColumnsRepository(store.asEventStore());
  return {
    store,
    add: new AddPipelineColumnHandler(columns),
    edit: new EditPipelineColumnHandler(columns),
  };
}

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
});
