import { Box, Button, TextField, type TextFieldProps } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { splitName, useSendContactMessageMutation } from '@/public/contact/api/contactApi';
import { contactCopy } from '@/public/contact/copy';
import { accentButtonSx } from '@/shared/components/accent';
import { errorMessage } from '@/shared/api/api';
import { useIdempotencyKey } from '@/shared/api/useIdempotencyKey';
import { useToast } from '@/shared/components/toast';

const EMPTY = { name: '', email: '', phone: '', message: '' };
type Field = keyof typeof EMPTY;

/** Field order and input attributes; name and e-mail are the required ones. */
const FIELDS: ({ name: Field; required?: boolean } & TextFieldProps)[] = [
  {
    name: 'name',
    required: true,
    autoComplete: 'name',
    slotProps: { htmlInput: { maxLength: 201 } },
  },
  {
    name: 'email',
    required: true,
    type: 'email',
    autoComplete: 'email',
    slotProps: { htmlInput: { maxLength: 254 } },
  },
  { name: 'phone', type: 'tel', autoComplete: 'tel', slotProps: { htmlInput: { maxLength: 40 } } },
  { name: 'message', multiline: true, minRows: 5, slotProps: { htmlInput: { maxLength: 5000 } } },
];

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [missing, setMissing] = useState<Set<Field>>(new Set());
  const [send, { isLoading }] = useSendContactMessageMutation();
  const toast = useToast();
  const idempotencyKey = useIdempotencyKey();

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setMissing((current) => {
      const rest = new Set(current);
      rest.delete(field);
      return rest;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const blank = FIELDS.filter((field) => field.required && !values[field.name].trim()).map(
      (field) => field.name,
    );
    if (blank.length) {
      setMissing(new Set(blank));
      return;
    }
    try {
      await send({
        idempotencyKey: idempotencyKey.take(),
        message: {
          ...splitName(values.name),
          email: values.email.trim(),
          phone: values.phone.trim(),
          message: values.message.trim(),
          source: 'contact_form',
        },
      }).unwrap();
      idempotencyKey.settle();
      setValues(EMPTY);
      toast({
        title: contactCopy.toasts.sent,
        description: contactCopy.toasts.sentText,
        variant: 'success',
      });
    } catch (error) {
      idempotencyKey.settle(error);
      // A rate limit says when to try again; others get the fixed text (docs/product.md#messages).
      const tooMany = (error as { status?: unknown }).status === 429;
      toast({
        title: contactCopy.toasts.errorTitle,
        description: tooMany
          ? errorMessage(error, contactCopy.toasts.errorText)
          : contactCopy.toasts.errorText,
        variant: 'destructive',
      });
    }
  };

  const { form } = contactCopy;
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)}>
      <Box sx={{ display: 'grid', gap: 2.5 }}>
        {FIELDS.map(({ name, required, ...props }) => (
          <TextField
            key={name}
            name={name}
            label={form[name]}
            required={required}
            value={values[name]}
            onChange={(event) => change(name, event.target.value)}
            error={missing.has(name)}
            helperText={missing.has(name) ? form.required : undefined}
            {...props}
          />
        ))}
      </Box>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={isLoading}
        sx={{ ...accentButtonSx, mt: 3 }}
      >
        {isLoading ? form.sending : form.submit}
      </Button>
    </Box>
  );
}
