import { quoteCopy } from '@/public/quote/copy';
import { type QuoteWizard } from '@/public/quote/hooks/useQuoteWizard';
import { Alert } from '@/shared/ui/Alert';
import { Button } from '@/shared/ui/Button';
import { TextField } from '@/shared/ui/TextField';
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
      min={0}
      max={QUANTITY_MAX[name]}
      step={1}
      inputMode="numeric"
    />
  );
  return (
    <>
      <StepHeading lead={copy.lead}>{copy.heading}</StepHeading>
      <div className="field-grid field-grid-2">
        {field('doors', copy.doors)}
        {field('drawers', copy.drawers)}
      </div>
      <Alert severity="info" className="quantities-hint">
        {copy.worktopOnlyHint}
      </Alert>
      {field('metres', copy.metres, copy.metresHint)}
      {quantitiesBlocked && (
        <Alert severity="error" role="alert" className="quantities-blocked">
          {copy.noQuantities}
        </Alert>
      )}
      <div className="btn-row btn-row-split">
        <Button onClick={back}>{quoteCopy.back}</Button>
        <Button variant="contained" onClick={next}>
          {quoteCopy.next}
        </Button>
      </div>
    </>
  );
}
