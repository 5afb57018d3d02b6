import { LeadCommandRefused } from './lead.errors.js';
import {
  columnIdFor,
  decidePipeline,
  DEFAULT_COLUMNS,
  foldPipeline,
  type PipelineColumn,
} from './pipeline-columns.js';

const kindOf = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof LeadCommandRefused) return error.kind;
    throw error;
  }
  return 'accepted';
};

describe('decidePipeline', () => {
  describe('AddColumn', () => {
    it('should derive the id from the name', () => {
      expect(columnIdFor('  On   Hold ')).toBe('on_hold');
      expect(
        decidePipeline({ type: 'AddColumn', name: 'On Hold', color: 'orange' }, DEFAULT_COLUMNS),
      ).toEqual([
        { type: 'PipelineColumnAdded', data: { id: 'on_hold', name: 'On Hold', color: 'orange' } },
      ]);
    });

    it('should refuse a blank name and a duplicate id', () => {
      expect(
        kindOf(() =>
          decidePipeline({ type: 'AddColumn', name: '  ', color: 'red' }, DEFAULT_COLUMNS),
        ),
      ).toBe('invalid');
      expect(
        kindOf(() =>
          decidePipeline({ type: 'AddColumn', name: 'Closed', color: 'red' }, DEFAULT_COLUMNS),
        ),
      ).toBe('conflict');
    });
  });

  describe('EditColumn', () => {
    it('should rename and recolour while the id stays', () => {
      const events = decidePipeline(
        { type: 'EditColumn', id: 'new', name: 'Fresh', color: 'red' },
        DEFAULT_COLUMNS,
      );
      expect(foldPipeline(events)[0]).toEqual({ id: 'new', name: 'Fresh', color: 'red' });
    });
  });

  describe('RemoveColumn', () => {
    it('should need a target column when the column holds leads', () => {
      const remove = (
        moveLeadsTo: string | null,
        leadCount: number,
        columns: readonly PipelineColumn[] = DEFAULT_COLUMNS,
      ) =>
        kindOf(() =>
          decidePipeline({ type: 'RemoveColumn', id: 'new', moveLeadsTo, leadCount }, columns),
        );
      expect(remove(null, 0)).toBe('accepted');
      expect(remove(null, 3)).toBe('invalid');
      expect(remove('new', 3)).toBe('invalid');
      expect(remove('closed', 3)).toBe('accepted');
      expect(remove(null, 0, [DEFAULT_COLUMNS[0]])).toBe('conflict');
    });
  });
});
