import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import type { LeadDetails, LinkedLead } from '#src/contract/leads';
import { ConfirmDialog } from '@/shared/components/ConfirmDialog';
import { useToast } from '@/shared/components/toast';
import { formatDateTime } from '@/shared/format/format';
import { useMergeLeadMutation } from '../api/leadsApi';
import { SOURCE_LABELS } from '../copy';
import { useUpdateFailure } from '../hooks/useUpdateFailure';

const nameOf = (lead: Pick<LinkedLead, 'customerFirstName' | 'customerLastName'>) =>
  `${lead.customerFirstName} ${lead.customerLastName}`.trim() || 'this lead';

/** Which way a merge goes: the other lead into this one, or this one into the other. */
type Merge = { other: LinkedLead; direction: 'into-this' | 'into-other' };

/**
 * The leads that came in with this lead's e-mail or phone, and the choice to merge
 * (docs/product.md#duplicates): the survivor keeps both histories, the other leaves the board.
 */
export function DuplicateLeads({
  lead,
  seenVersion,
  onOpen,
  onMerged,
  onConflict,
}: {
  lead: LeadDetails;
  seenVersion: number;
  /** Opens another lead's details. */
  onOpen(id: string): void;
  /** After a merge: the lead that stays. */
  onMerged(survivorId: string): void;
  onConflict(message: string): void;
}) {
  const toast = useToast();
  const [merge, { isLoading }] = useMergeLeadMutation();
  const [asked, setAsked] = useState<Merge | null>(null);
  const reportFailure = useUpdateFailure(onConflict);
  if (lead.duplicates.length === 0) return null;

  const confirm = async () => {
    if (!asked) return;
    const { other, direction } = asked;
    try {
      if (direction === 'into-this') await merge({ id: other.id, into: lead.id }).unwrap();
      else await merge({ id: lead.id, into: other.id, expectedVersion: seenVersion }).unwrap();
      toast({ title: 'Leads merged', variant: 'success' });
      setAsked(null);
      onMerged(direction === 'into-this' ? lead.id : other.id);
    } catch (error) {
      setAsked(null);
      reportFailure(error);
    }
  };

  return (
    <Alert severity="warning" sx={{ mb: 2 }} aria-labelledby="possible-duplicate-title">
      <Typography id="possible-duplicate-title" variant="subtitle2" component="h3">
        Possible duplicate
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Another lead has the same e-mail or phone.
      </Typography>
      <Stack spacing={1}>
        {lead.duplicates.map((other) => (
          <Box
            key={other.id}
            data-testid="duplicate-lead"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
          >
            <Button size="small" onClick={() => onOpen(other.id)}>
              {nameOf(other)}
            </Button>
            <Typography variant="body2" color="text.secondary">
              {SOURCE_LABELS[other.source] ?? other.source} · {formatDateTime(other.createdAt)}
              {other.customerEmail ? ` · ${other.customerEmail}` : ''}
            </Typography>
            <Box sx={{ flexGrow: 1 }} />
            <Button size="small" onClick={() => setAsked({ other, direction: 'into-this' })}>
              Merge into this lead…
            </Button>
            <Button size="small" onClick={() => setAsked({ other, direction: 'into-other' })}>
              Merge into {nameOf(other)}…
            </Button>
          </Box>
        ))}
      </Stack>
      {asked && (
        <ConfirmDialog
          title="Merge leads?"
          text={
            asked.direction === 'into-this'
              ? `${nameOf(asked.other)} (${formatDateTime(asked.other.createdAt)}) leaves the board; this lead keeps both histories. A merge cannot be undone.`
              : `This lead leaves the board; ${nameOf(asked.other)} (${formatDateTime(asked.other.createdAt)}) keeps both histories. A merge cannot be undone.`
          }
          confirmLabel="Merge"
          busy={isLoading}
          onConfirm={() => void confirm()}
          onClose={() => setAsked(null)}
        />
      )}
    </Alert>
  );
}
