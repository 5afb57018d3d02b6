import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';
import { useCreateLeadMutation, useGetColumnsQuery } from '../api/leadsApi';
import { leadCopy } from '../copy';
import {
  EMPTY_LEAD_FORM,
  LeadFormFields,
  type LeadFormValues,
  hasRequiredFields,
  toLeadFields,
} from './LeadFormFields';

interface Props {
  open: boolean;
  onClose: () => void;
  /** Column the new lead starts in; the first column when omitted. */
  initialStatus?: string;
}

export function AddLeadDialog({ open, onClose, initialStatus }: Props) {
  const toast = useToast();
  const { data: columns = [] } = useGetColumnsQuery();
  const [create, { isLoading }] = useCreateLeadMutation();
  const [values, setValues] = useState<LeadFormValues | null>(null);
  const [showRequired, setShowRequired] = useState(false);
  const current = values ?? {
    ...EMPTY_LEAD_FORM,
    status: initialStatus ?? columns[0]?.id ?? 'new',
  };

  const close = () => {
    setValues(null);
    setShowRequired(false);
    onClose();
  };

  const submit = async () => {
    if (!hasRequiredFields(current)) {
      setShowRequired(true);
      toast({ title: leadCopy.requiredFields, variant: 'destructive' });
      return;
    }
    try {
      await create(toLeadFields(current)).unwrap();
      toast({ ...leadCopy.created, variant: 'success' });
      close();
    } catch (error) {
      toast({
        title: leadCopy.createFailed.title,
        description: errorMessage(error, ''),
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth aria-labelledby="add-lead-title">
      <DialogTitle id="add-lead-title">Add New Lead</DialogTitle>
      <DialogContent dividers>
        <LeadFormFields
          values={current}
          onChange={setValues}
          columns={columns}
          disabled={isLoading}
          showRequiredErrors={showRequired}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={isLoading}>
          Create Lead
        </Button>
      </DialogActions>
    </Dialog>
  );
}
