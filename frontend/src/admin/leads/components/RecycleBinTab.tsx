import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import type { LeadView } from '#src/contract/leads';
import type { AppDispatch } from '@/app/store';
import { useVerifyQuery } from '@/shared/session/sessionApi';
import {
  leadsApi,
  useEraseLeadMutation,
  useGetDeletedLeadsQuery,
} from '@/admin/leads/api/leadsApi';
import { leadCopy } from '@/admin/leads/copy';
import { useLeadActions } from '@/admin/leads/hooks/useLeadActions';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { type RowColumn, RowTable } from '@/shared/components/RowTable';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';
import { formatDateTime, formatEuro } from '@/shared/format/format';

const nameOf = (lead: LeadView) => `${lead.customerFirstName} ${lead.customerLastName}`.trim();

/** Trashed leads: restore them, or (admins) erase them for good (docs/product.md#erasure). */
export default function RecycleBinTab() {
  const toast = useToast();
  const deleted = useGetDeletedLeadsQuery();
  const { data: leads, isLoading, isError } = deleted;
  const dispatch = useDispatch<AppDispatch>();
  // The list and the tab's count together: both may have failed.
  const reload = () => dispatch(leadsApi.util.invalidateTags(['DeletedLeads']));
  useFetchFailureToast(deleted, leadCopy.fetchDeletedFailed);
  const { data: me } = useVerifyQuery();
  const isAdmin = me?.user.role === 'admin';
  const { restoreLead, busy } = useLeadActions();
  const [erase, { isLoading: erasing }] = useEraseLeadMutation();
  const [confirming, setConfirming] = useState<LeadView | null>(null);

  const eraseConfirmed = async () => {
    if (!confirming) return;
    try {
      await erase({ id: confirming.id, expectedVersion: confirming.version }).unwrap();
      toast({ ...leadCopy.erased, variant: 'success' });
      setConfirming(null);
    } catch (error) {
      toast({
        title: leadCopy.eraseFailed.title,
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };

  const columns: RowColumn<LeadView>[] = [
    { header: 'Customer', cell: nameOf },
    { header: 'Email', cell: (lead) => lead.customerEmail },
    { header: 'Door Style', cell: (lead) => lead.doorStyle ?? '–' },
    { header: 'Value', align: 'right', cell: (lead) => formatEuro(lead.totalPrice) },
    {
      header: 'Deleted At',
      cell: (lead) => (lead.deletedAt ? formatDateTime(lead.deletedAt) : 'Unknown'),
    },
    {
      header: 'Actions',
      align: 'right',
      cell: (lead) => (
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button
            size="small"
            startIcon={<RestoreFromTrashIcon />}
            disabled={busy}
            onClick={() => restoreLead(lead.id)}
            aria-label={`Restore ${nameOf(lead)}`}
          >
            Restore
          </Button>
          {isAdmin && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteForeverIcon />}
              onClick={() => setConfirming(lead)}
              aria-label={`Delete permanently ${nameOf(lead)}`}
            >
              Delete permanently
            </Button>
          )}
        </Stack>
      ),
    },
  ];

  if (isLoading) return <CircularProgress aria-label="Loading deleted leads" />;
  if (isError || !leads)
    return <LoadFailedAlert message={leadCopy.fetchDeletedFailed} onRetry={reload} />;
  if (leads.length === 0)
    return (
      <Typography color="text.secondary" sx={{ py: 6, textAlign: 'center' }}>
        No deleted leads
      </Typography>
    );
  return (
    <>
      <RowTable
        label="Deleted leads"
        columns={columns}
        rows={leads}
        rowKey={(lead) => lead.id}
        rowTestId="deleted-lead"
        outlined
      />
      {confirming && (
        <ConfirmDialog
          title={`Delete ${nameOf(confirming)} permanently?`}
          text={
            `The personal data of ${nameOf(confirming)} (${confirming.customerEmail}) is erased ` +
            'for good and cannot be restored. The history keeps only that the lead existed and ' +
            'who erased it.'
          }
          confirmLabel="Delete permanently"
          tone="error"
          busy={erasing}
          onConfirm={() => void eraseConfirmed()}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
