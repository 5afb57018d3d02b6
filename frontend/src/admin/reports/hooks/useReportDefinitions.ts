import { useState } from 'react';
import type { ReportDefinitionInput, ReportSummary } from '#src/contract/reports';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';
import {
  useChangeReportDefinitionMutation,
  useDefineReportMutation,
  useRemoveReportDefinitionMutation,
} from '@/admin/reports/api/reportsApi';
import { reportCopy } from '@/admin/reports/copy';

/** The define / edit dialog open: a new report, or the defined report being edited. */
export type Editing = { report: ReportSummary | null } | null;

/**
 * Defining, editing and removing reports from the tab: which dialog is open, the server's refusal
 * to show in it, and what to do once the change is in (`changed` refetches the list and polls).
 */
export function useReportDefinitions(changed: () => Promise<unknown>) {
  const toast = useToast();
  const [define, defining] = useDefineReportMutation();
  const [change, changing] = useChangeReportDefinitionMutation();
  const [remove, removing] = useRemoveReportDefinitionMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [confirmingRemoval, setConfirmingRemoval] = useState<ReportSummary | null>(null);
  const [error, setError] = useState<string | null>(null);

  const open = (report: ReportSummary | null) => {
    setError(null);
    setEditing({ report });
  };

  const save = async (definition: ReportDefinitionInput) => {
    const definitionId = editing?.report?.definition?.definitionId;
    try {
      if (definitionId) await change({ definitionId, definition }).unwrap();
      else await define(definition).unwrap();
      setEditing(null);
      toast({ title: definitionId ? reportCopy.changed : reportCopy.defined, variant: 'success' });
      await changed();
    } catch (failure) {
      setError(errorMessage(failure, reportCopy.defineFailed));
    }
  };

  const removeConfirmed = async () => {
    const definitionId = confirmingRemoval?.definition?.definitionId;
    if (!definitionId) return;
    try {
      await remove(definitionId).unwrap();
      toast({ title: reportCopy.removed, variant: 'success' });
      await changed();
    } catch (failure) {
      toast({
        title: reportCopy.removeFailed,
        description: errorMessage(failure, ''),
        variant: 'destructive',
      });
    } finally {
      setConfirmingRemoval(null);
    }
  };

  return {
    editing,
    error,
    saving: defining.isLoading || changing.isLoading,
    removing: removing.isLoading,
    confirmingRemoval,
    open,
    close: () => setEditing(null),
    save,
    askRemoval: setConfirmingRemoval,
    cancelRemoval: () => setConfirmingRemoval(null),
    removeConfirmed,
  };
}
