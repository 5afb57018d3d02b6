import { Box, Button, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { quoteCopy } from '@/public/quote/copy';
import { accentButtonSx } from '@/shared/components/accent';
import type { ContactFields, QuoteWizard } from '@/public/quote/hooks/useQuoteWizard';
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
  const { contact, setContactField, missing, back } = wizard;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box component="form" noValidate onSubmit={submit}>
      <StepHeading lead={copy.lead}>{copy.heading}</StepHeading>
      <Box sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
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
            error={missing.has(name)}
            helperText={missing.has(name) ? copy.required : undefined}
            slotProps={{ htmlInput: { maxLength: name === 'email' ? 254 : 100 } }}
          />
        ))}
      </Box>
      <TextField
        name="message"
        label={copy.message}
        placeholder={copy.messagePlaceholder}
        multiline
        minRows={3}
        fullWidth
        value={contact.message}
        onChange={(event) => setContactField('message', event.target.value)}
        slotProps={{ htmlInput: { maxLength: 5000 } }}
        sx={{ mt: 2.5 }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
        <Button onClick={back} disabled={sending}>
          {quoteCopy.back}
        </Button>
        <Button type="submit" variant="contained" disabled={sending} sx={accentButtonSx}>
          {sending ? copy.sending : copy.submit}
        </Button>
      </Box>
    </Box>
  );
}
