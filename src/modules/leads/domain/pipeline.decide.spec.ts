import { deciderSpec } from '#test/support/decider-spec.js';
import { columnIdFor, decide } from './pipeline.decide.js';
import type { PipelineColumn, PipelineEvent } from './pipeline.events.js';
import { DEFAULT_COLUMNS, evolve } from './pipeline.state.js';

const spec = deciderSpec({
  decide,
  evolve,
  initialState: DEFAULT_COLUMNS as PipelineColumn[],
});
const onlyFirstColumnLeft: PipelineEvent[] = DEFAULT_COLUMNS.slice(1).map(({ id }) => ({
  type: 'PipelineColumnRemoved',
  data: { id, movedLeadsTo: null },
}));

describe('decide', () => {
  describe('AddColumn', () => {
    it('should derive the id from the name', () => {
      expect(columnIdFor('  On   Hold ')).toBe('on_hold');
      spec
        .given([])
        .when({ type: 'AddColumn', name: 'On Hold', color: 'orange' })
        .then([
          {
            type: 'PipelineColumnAdded',
            data: { id: 'on_hold', name: 'On Hold', color: 'orange' },
          },
        ]);
    });

    it('should refuse a blank name and a duplicate id', () => {
      spec.given([]).when({ type: 'AddColumn', name: '  ', color: 'red' }).thenRefuses('invalid');
      spec
        .given([])
        .when({ type: 'AddColumn', name: 'Closed', color: 'red' })
        .thenRefuses('conflict');
    });
  });

  describe('EditColumn', () => {
    it('should rename and recolour while the id stays', () => {
      const columns = spec
        .given([])
        .when({ type: 'EditColumn', id: 'new', name: 'Fresh', color: 'red' })
        .then([
          { type: 'PipelineColumnRenamed', data: { id: 'new', from: 'New Leads', to: 'Fresh' } },
          { type: 'PipelineColumnRecolored', data: { id: 'new', from: 'blue', to: 'red' } },
        ]);
      expect(columns[0]).toEqual({ id: 'new', name: 'Fresh', color: 'red' });
    });
  });

  describe('RemoveColumn', () => {
    it('should need a target column when the column holds leads', () => {
      const remove = (moveLeadsTo: string | null, leadCount: number) =>
        spec.given([]).when({ type: 'RemoveColumn', id: 'new', moveLeadsTo, leadCount });
      remove(null, 0).then([
        { type: 'PipelineColumnRemoved', data: { id: 'new', movedLeadsTo: null } },
      ]);
      remove(null, 3).thenRefuses('invalid');
      remove('new', 3).thenRefuses('invalid');
      remove('closed', 3).then([
        { type: 'PipelineColumnRemoved', data: { id: 'new', movedLeadsTo: 'closed' } },
      ]);
      spec
        .given(onlyFirstColumnLeft)
        .when({ type: 'RemoveColumn', id: 'new', moveLeadsTo: null, leadCount: 0 })
        .thenRefuses('conflict');
    });
  });
});
