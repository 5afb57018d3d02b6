import type { FormEvent } from 'react';
import { quoteCopy } from '@/public/quote/copy';
import type { ContactFields, QuoteWizard } from '@/public/quote/hooks/useQuoteWizard';
import { Button } from '@/shared/ui/Button';
import { TextField } from '@/shared/ui/TextField';
import { StepHeading } from './StepHeading';

const copy = quoteCopy.contact;

const FIELDS: {
  name: Exclude<keyof ContactFields, 'message'>;
  type: string;
  autoComplete: string;
}[] = [
  { name: 'firstName', type: 'text', autoComplete: 'given-name' },
  { name: 'lastName', type: 'text', autoComplete: 'family-name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'address', type: 'text', autoComplete: 'street-address' },
  { name: 'city', type: 'text', autoComplete: 'address-level2' },
];

export function ContactStep({
  wizard,
  sending,
  onSubmit,
}: {
  wizard: QuoteWizard;
  sending: boolean;
  onSubmit: () => void;
}) {
  const { contact, setContactField, errors, back } = wizard;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form noValidate onSubmit={submit}>
      <StepHeading lead={copy.lead}>{copy.heading}</StepHeading>
      <div className="field-grid field-grid-2">
        {FIELDS.map(({ name, type, autoComplete }) => (
          <TextField
            key={name}
            name={name}
            label={copy[name]}
            type={type}
            autoComplete={autoComplete}
            required
            value={contact[name]}
            onChange={(event) => setContactField(name, event.target.value)}
            error={errors.has(name)}
            helperText={errors.get(name)}
            maxLength={name === 'email' ? 254 : 100}
          />
        ))}
      </div>
      <TextField
        name="message"
        label={copy.message}
        placeholder={copy.messagePlaceholder}
        multiline
        rows={3}
        value={contact.message}
        onChange={(event) => setContactField('message', event.target.value)}
        error={errors.has('message')}
        helperText={errors.get('message')}
        maxLength={5000}
        className="quote-message"
      />
      <div className="btn-row btn-row-split">
        <Button onClick={back} disabled={sending}>
          {quoteCopy.back}
        </Button>
        <Button type="submit" variant="contained" accent disabled={sending}>
          {sending ? copy.sending : copy.submit}
        </Button>
      </div>
    </form>
  );
}
