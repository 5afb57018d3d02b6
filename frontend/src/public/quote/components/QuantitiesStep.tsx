import { Alert, Box, Button, TextField } from '@mui/material';
import { quoteCopy } from '@/public/quote/copy';
import { type QuoteWizard } from '@/public/quote/hooks/useQuoteWizard';
import { QUANTITY_MAX, type Quantities } from '../lib/quantities';
import { StepHeading } from './StepHeading';

const copy = quoteCopy.quantities;

export function QuantitiesStep({ wizard }: { wizard: QuoteWizard }) {
  const { quantityInputs, setQuantity, quantitiesBlocked, next, back } = wizard;
  const field = (name: keyof Quantities, label: string, helperText?: string) => (
    <TextField
      label={label}
      type="number"
      name={name}
      value={quantityInputs[name]}
      onChange={(event) => setQuantity(name, event.target.value)}
      onFocus={(event) => event.target.select()}
      helperText={helperText}
      slotProps={{ htmlInput: { min: 0, max: QUANTITY_MAX[name], step: 1, inputMode: 'numeric' } }}
      fullWidth
    />
  );
  return (
    <>
      <StepHeading lead={copy.lead}>{copy.heading}</StepHeading>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        {field('doors', copy.doors)}
        {field('drawers', copy.drawers)}
      </Box>
      <Alert severity="info" variant="outlined" sx={{ my: 2 }}>
        {copy.worktopOnlyHint}
      </Alert>
      {field('metres', copy.metres, copy.metresHint)}
      {quantitiesBlocked && (
        <Alert severity="error" role="alert" sx={{ mt: 3 }}>
          {copy.noQuantities}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4 }}>
        <Button onClick={back}>{quoteCopy.back}</Button>
        <Button variant="contained" onClick={next}>
          {quoteCopy.next}
        </Button>
      </Box>
    </>
  );
}
