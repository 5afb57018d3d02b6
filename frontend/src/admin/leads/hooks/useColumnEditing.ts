import { useState } from 'react';
import type { ColumnColor, PipelineColumn } from '#src/contract/pipeline';
import {
  useAddColumnMutation,
  useEditColumnMutation,
  useRemoveColumnMutation,
} from '@/admin/leads/api/leadsApi';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';

type Editing =
  | { mode: 'add' }
  | { mode: 'edit'; column: PipelineColumn }
  | { mode: 'delete'; column: PipelineColumn }
  | null;

/** Which column dialog is open and the saves behind it. */
export function useColumnEditing() {
  const toast = useToast();
  const [editing, setEditing] = useState<Editing>(null);
  const [add, addState] = useAddColumnMutation();
  const [edit, editState] = useEditColumnMutation();
  const [remove, removeState] = useRemoveColumnMutation();

  const run = async (work: () => Promise<unknown>, success: string, failure: string) => {
    try {
      await work();
      toast({ title: success, variant: 'success' });
      setEditing(null);
    } catch (error) {
      toast({ title: failure, description: errorMessage(error, ''), variant: 'destructive' });
    }
  };

  return {
    editing,
    busy: addState.isLoading || editState.isLoading || removeState.isLoading,
    startAdd: () => setEditing({ mode: 'add' }),
    startEdit: (column: PipelineColumn) => setEditing({ mode: 'edit', column }),
    startDelete: (column: PipelineColumn) => setEditing({ mode: 'delete', column }),
    close: () => setEditing(null),
    save: (values: { name: string; color: ColumnColor }) =>
      editing?.mode === 'edit'
        ? run(
            () => edit({ id: editing.column.id, ...values }).unwrap(),
            'Column updated',
            'Failed to update column',
          )
        : run(() => add(values).unwrap(), 'Column added', 'Failed to add column'),
    remove: (column: PipelineColumn, moveLeadsTo: string | undefined) =>
      run(
        () => remove({ id: column.id, moveLeadsTo }).unwrap(),
        'Column deleted',
        'Failed to delete column',
      ),
  };
}
