import { Grid, MenuItem, TextField } from '@mui/material';
import { DOOR_STYLES, type DoorStyle, type LeadFields } from '#src/contract/leads';
import type { PipelineColumn } from '#src/contract/pipeline';
import { bindFields } from '../lib/bindFields';

export type LeadFormValues = Omit<
  LeadFields,
  'doorStyle' | 'doors' | 'drawers' | 'metres' | 'totalPrice'
> & {
  /** '' while the lead has no door style: a select shows it empty. */
  doorStyle: DoorStyle | '';
  doors: string;
  drawers: string;
  metres: string;
  totalPrice: string;
};

export const EMPTY_LEAD_FORM: LeadFormValues = {
  customerFirstName: '',
  customerLastName: '',
  customerEmail: '',
  customerPhone: '',
  customerAddress: '',
  doorStyle: 'Kehysovi',
  doors: '0',
  drawers: '0',
  metres: '0',
  totalPrice: '0',
  status: 'new',
  notes: '',
};

/** Doors, drawers: integers; metres, price: decimals; invalid is 0 (docs/product.md#leads). */
export function toLeadFields(values: LeadFormValues): LeadFields {
  const int = (v: string) => Math.max(0, Number.parseInt(v, 10) || 0);
  const dec = (v: string) =>
    Math.max(0, Math.round((Number.parseFloat(v.replace(',', '.')) || 0) * 100) / 100);
  return {
    ...values,
    customerFirstName: values.customerFirstName.trim(),
    customerLastName: values.customerLastName.trim(),
    customerEmail: values.customerEmail.trim(),
    doorStyle: values.doorStyle || null,
    doors: int(values.doors),
    drawers: int(values.drawers),
    metres: dec(values.metres),
    totalPrice: dec(values.totalPrice),
  };
}

export const hasRequiredFields = (v: LeadFormValues) =>
  !!v.customerFirstName.trim() && !!v.customerLastName.trim() && !!v.customerEmail.trim();

interface Props {
  values: LeadFormValues;
  onChange: (values: LeadFormValues) => void;
  columns: PipelineColumn[];
  disabled?: boolean;
  showRequiredErrors?: boolean;
}

/** The lead's editable fields, shared by the details and the add dialogs. */
export function LeadFormFields({ values, onChange, columns, disabled, showRequiredErrors }: Props) {
  const field = bindFields(values, onChange, disabled);
  const missing = (name: keyof LeadFormValues) =>
    !!showRequiredErrors && !String(values[name]).trim();
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="First Name"
          required
          error={missing('customerFirstName')}
          {...field('customerFirstName')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Last Name"
          required
          error={missing('customerLastName')}
          {...field('customerLastName')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Email"
          type="email"
          required
          error={missing('customerEmail')}
          {...field('customerEmail')}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField label="Phone" type="tel" {...field('customerPhone')} />
      </Grid>
      <Grid size={12}>
        <TextField label="Address" {...field('customerAddress')} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField select label="Door Style" {...field('doorStyle')}>
          <MenuItem value="">
            <em>None</em>
          </MenuItem>
          {DOOR_STYLES.map((style) => (
            <MenuItem key={style} value={style}>
              {style}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          label="Total Price (€)"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 0.01 } }}
          {...field('totalPrice')}
        />
      </Grid>
      <Grid size={{ xs: 4 }}>
        <TextField
          label="Doors"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          {...field('doors')}
        />
      </Grid>
      <Grid size={{ xs: 4 }}>
        <TextField
          label="Drawers"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 1 } }}
          {...field('drawers')}
        />
      </Grid>
      <Grid size={{ xs: 4 }}>
        <TextField
          label="Metres"
          type="number"
          slotProps={{ htmlInput: { min: 0, step: 0.1 } }}
          {...field('metres')}
        />
      </Grid>
      <Grid size={12}>
        <TextField select label="Status" {...field('status')}>
          {columns.map((column) => (
            <MenuItem key={column.id} value={column.id}>
              {column.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={12}>
        <TextField label="Notes" multiline minRows={3} {...field('notes')} />
      </Grid>
    </Grid>
  );
}
