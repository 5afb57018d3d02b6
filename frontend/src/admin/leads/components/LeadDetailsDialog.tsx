import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { LeadView } from '#src/contract/leads';
import { ConflictAlert, LoadFailedAlert } from '@/shared/components/LoadFailedAlert';
import { useFetchFailureToast } from '@/shared/hooks/useFetchFailureToast';
import { EmailButton } from '@/admin/leads/mail/components/EmailButton';
import { useToast } from '@/shared/components/toast';
import { formatDateTime } from '@/shared/format/format';
import { useGetColumnsQuery, useGetLeadQuery, useUpdateLeadMutation } from '../api/leadsApi';
import { leadCopy, SOURCE_LABELS } from '../copy';
import {
  LeadFormFields,
  type LeadFormValues,
  hasRequiredFields,
  toLeadFields,
} from './LeadFormFields';
import { useUpdateFailure } from '../hooks/useUpdateFailure';
import { LeadHistoryList } from './LeadHistoryList';
import { LeadOwnershipFields } from './LeadOwnershipFields';
import { AccessExportButton } from './AccessExportButton';
import { DuplicateLeads } from './DuplicateLeads';
import { useVerifyQuery } from '@/shared/session/sessionApi';
import { type OwnershipValues, ownershipChanges, ownershipOf } from '../lib/ownershipChanges';

const toForm = (lead: LeadView): LeadFormValues => ({
  customerFirstName: lead.customerFirstName,
  customerLastName: lead.customerLastName,
  customerEmail: lead.customerEmail,
  customerPhone: lead.customerPhone,
  customerAddress: lead.customerAddress,
  doorStyle: lead.doorStyle ?? '',
  doors: String(lead.doors),
  drawers: String(lead.drawers),
  metres: String(lead.metres),
  totalPrice: String(lead.totalPrice),
  status: lead.status,
  notes: lead.notes,
});

/** Sends only what the user changed, so a save never rewrites fields it did not touch. */
function changedFields(lead: LeadView, values: LeadFormValues) {
  const before = toLeadFields(toForm(lead));
  const after = toLeadFields(values);
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof typeof before] !== value),
  );
}

interface Props {
  leadId: string | null;
  onClose: () => void;
}

/** Every field of the lead, editable, with its full history (docs/product.md#admin-screens). */
export function LeadDetailsDialog({ leadId, onClose }: Props) {
  // A possible duplicate opened from this dialog: shown in its place until the dialog is closed
  // or another card is opened.
  const [opened, setOpened] = useState<{ from: string; id: string } | null>(null);
  const shown = opened && opened.from === leadId ? opened.id : leadId;
  const open = (id: string) => {
    if (leadId) setOpened({ from: leadId, id });
  };
  return (
    <Dialog
      open={!!leadId}
      onClose={onClose}
      maxWidth="md"
      fullWidth
      aria-labelledby="lead-details-title"
    >
      {shown && (
        <LeadDetailsContent key={shown} leadId={shown} onClose={onClose} onOpenLead={open} />
      )}
    </Dialog>
  );
}

function LeadDetailsContent({
  leadId,
  onClose,
  onOpenLead,
}: {
  leadId: string;
  onClose: () => void;
  onOpenLead: (id: string) => void;
}) {
  const toast = useToast();
  // Always ask for the latest version on open: its version is what a save is checked against.
  const leadQuery = useGetLeadQuery(leadId, { refetchOnMountOrArgChange: true });
  const { data: lead, isFetching, isError, refetch } = leadQuery;
  useFetchFailureToast(leadQuery, leadCopy.fetchQuotesFailed);
  const { data: columns = [] } = useGetColumnsQuery();
  const [update, { isLoading: saving }] = useUpdateLeadMutation();
  const [values, setValues] = useState<LeadFormValues | null>(null);
  const [ownership, setOwnership] = useState<OwnershipValues | null>(null);
  const [seenVersion, setSeenVersion] = useState<number | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const reportFailure = useUpdateFailure(setConflict);
  const [showRequired, setShowRequired] = useState(false);
  const { data: me } = useVerifyQuery();

  // The form starts from the first fresh answer; later answers never overwrite the user's edits.
  if (lead && seenVersion === null && !isFetching) {
    setValues(toForm(lead));
    setOwnership(ownershipOf(lead));
    setSeenVersion(lead.version);
  }

  const reload = async () => {
    const fresh = await refetch().unwrap();
    setValues(toForm(fresh));
    setOwnership(ownershipOf(fresh));
    setSeenVersion(fresh.version);
    setConflict(null);
  };

  const save = async () => {
    if (!lead || !values || !ownership || seenVersion === null) return;
    if (!hasRequiredFields(values)) {
      setShowRequired(true);
      toast({ title: leadCopy.requiredFields, variant: 'destructive' });
      return;
    }
    const changes = { ...changedFields(lead, values), ...ownershipChanges(lead, ownership) };
    try {
      await update({ id: lead.id, expectedVersion: seenVersion, ...changes }).unwrap();
      toast({ ...leadCopy.updated, variant: 'success' });
      onClose();
    } catch (error) {
      reportFailure(error);
    }
  };

  if (isError && !lead) {
    return (
      <>
        <DialogTitle id="lead-details-title">Lead Details</DialogTitle>
        <DialogContent>
          <LoadFailedAlert message={leadCopy.fetchQuotesFailed} onRetry={refetch} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
        </DialogActions>
      </>
    );
  }
  if (!lead || !values || !ownership) {
    return (
      <DialogContent sx={{ display: 'grid', placeItems: 'center', minHeight: 200 }}>
        <CircularProgress aria-label="Loading lead" />
      </DialogContent>
    );
  }
  return (
    <>
      <DialogTitle id="lead-details-title">Lead Details</DialogTitle>
      <DialogContent dividers>
        {conflict && <ConflictAlert message={conflict} onReload={reload} reloading={isFetching} />}
        {!conflict && !saving && lead.version > (seenVersion ?? lead.version) && (
          <ConflictAlert
            message={leadCopy.changedElsewhere}
            onReload={reload}
            reloading={isFetching}
          />
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Created {formatDateTime(lead.createdAt)} · {SOURCE_LABELS[lead.source] ?? lead.source}
        </Typography>
        {lead.message && (
          <Box sx={{ mb: 2, p: 1.5, bgcolor: 'grey.100', borderRadius: 1 }}>
            <Typography variant="subtitle2">Customer message</Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {lead.message}
            </Typography>
          </Box>
        )}
        <DuplicateLeads
          lead={lead}
          seenVersion={seenVersion ?? lead.version}
          onOpen={onOpenLead}
          onMerged={(survivorId) => {
            if (survivorId === lead.id) void reload();
            else onOpenLead(survivorId);
          }}
          onConflict={setConflict}
        />
        <LeadOwnershipFields
          lead={lead}
          values={ownership}
          onChange={setOwnership}
          disabled={saving}
        />
        <LeadFormFields
          values={values}
          onChange={setValues}
          columns={columns}
          disabled={saving}
          showRequiredErrors={showRequired}
        />
        <Divider sx={{ my: 3 }} />
        <Typography variant="h6" component="h3" gutterBottom>
          History
        </Typography>
        <LeadHistoryList leadId={lead.id} columns={columns} />
      </DialogContent>
      <DialogActions>
        <EmailButton
          variant="button"
          leadId={lead.id}
          customerName={`${lead.customerFirstName} ${lead.customerLastName}`.trim()}
          customerEmail={lead.customerEmail}
        />
        {me?.user.role === 'admin' && <AccessExportButton email={lead.customerEmail} />}
        <Box sx={{ flexGrow: 1 }} />
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Save Changes
        </Button>
      </DialogActions>
    </>
  );
}
