import { Checkbox, FormControlLabel, Grid, MenuItem, TextField } from '@mui/material';
import type { LeadView } from '#src/contract/leads';
import { finnishDay } from '#src/contract/finnish-day';
import { useGetLeadOwnersQuery } from '../api/leadsApi';
import { bindFields } from '../lib/bindFields';
import type { OwnershipValues } from '../lib/ownershipChanges';

interface Props {
  lead: LeadView;
  values: OwnershipValues;
  onChange: (values: OwnershipValues) => void;
  disabled?: boolean;
}

/** Who owns the lead and when to call back. */
export function LeadOwnershipFields({ lead, values, onChange, disabled }: Props) {
  const { data: owners = [] } = useGetLeadOwnersQuery();
  // An owner who left the team still shows by id until someone picks another.
  const listed = owners.some((o) => o.id === values.ownerId) || !values.ownerId;
  const set = (patch: Partial<OwnershipValues>) => onChange({ ...values, ...patch });
  const field = bindFields(values, onChange, disabled);
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField select label="Owner" {...field('ownerId')}>
          <MenuItem value="">
            <em>Nobody</em>
          </MenuItem>
          {owners.map((owner) => (
            <MenuItem key={owner.id} value={owner.id}>
              {owner.name}
            </MenuItem>
          ))}
          {!listed && <MenuItem value={values.ownerId}>A former member</MenuItem>}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }}>
        <TextField
          label="Follow-up on"
          type="date"
          {...field('followUpOn')}
          slotProps={{
            inputLabel: { shrink: true },
            htmlInput: { min: finnishDay(new Date()) },
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 4 }} sx={{ display: 'flex', alignItems: 'center' }}>
        {lead.followUpOn && (
          <FormControlLabel
            control={
              <Checkbox
                checked={values.followUpDone}
                disabled={disabled}
                onChange={(_, done) =>
                  set({
                    followUpDone: done,
                    // Done clears the form's date and note; a new date sets the next follow-up.
                    ...(done
                      ? { followUpOn: '', followUpNote: '' }
                      : { followUpOn: lead.followUpOn ?? '', followUpNote: lead.followUpNote }),
                  })
                }
              />
            }
            label="Follow-up done"
          />
        )}
      </Grid>
      <Grid size={12}>
        <TextField
          label="Follow-up note"
          multiline
          {...field('followUpNote')}
          disabled={disabled || !values.followUpOn}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
      </Grid>
    </Grid>
  );
}
