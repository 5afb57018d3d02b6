import { Box, Button, TextField } from '@mui/material';
import { type FormEvent, useRef, useState } from 'react';
import { splitName, useSendContactMessageMutation } from '@/public/contact/api/contactApi';
import { contactCopy } from '@/public/contact/copy';
import { accentButtonSx } from '@/public/layout/accent';
import { errorMessage } from '@/shared/api/api';
import { useToast } from '@/shared/components/toast';

const EMPTY = { name: '', email: '', phone: '', message: '' };
type Field = keyof typeof EMPTY;

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [missing, setMissing] = useState<Set<Field>>(new Set());
  const [send, { isLoading }] = useSendContactMessageMutation();
  const toast = useToast();
  const idempotencyKey = useRef<string | null>(null);

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
    const blank = (['name', 'email'] as const).filter((field) => !values[field].trim());
    if (blank.length) {
      setMissing(new Set(blank));
      return;
    }
    idempotencyKey.current ??= crypto.randomUUID();
    try {
      await send({
        idempotencyKey: idempotencyKey.current,
        message: {
          ...splitName(values.name),
          email: values.email.trim(),
          phone: values.phone.trim(),
          message: values.message.trim(),
          source: 'contact_form',
        },
      }).unwrap();
      idempotencyKey.current = null;
      setValues(EMPTY);
      toast({
        title: contactCopy.toasts.sent,
        description: contactCopy.toasts.sentText,
        variant: 'success',
      });
    } catch (error) {
      if ((error as { status?: unknown }).status !== 'FETCH_ERROR') idempotencyKey.current = null;
      // A rate limit says when to try again; other failures get the catalogue text (SPEC §8).
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
        <TextField
          name="name"
          label={form.name}
          required
          autoComplete="name"
          value={values.name}
          onChange={(event) => change('name', event.target.value)}
          error={missing.has('name')}
          helperText={missing.has('name') ? form.required : undefined}
          slotProps={{ htmlInput: { maxLength: 201 } }}
        />
        <TextField
          name="email"
          type="email"
          label={form.email}
          required
          autoComplete="email"
          value={values.email}
          onChange={(event) => change('email', event.target.value)}
          error={missing.has('email')}
          helperText={missing.has('email') ? form.required : undefined}
          slotProps={{ htmlInput: { maxLength: 254 } }}
        />
        <TextField
          name="phone"
          type="tel"
          label={form.phone}
          autoComplete="tel"
          value={values.phone}
          onChange={(event) => change('phone', event.target.value)}
          slotProps={{ htmlInput: { maxLength: 40 } }}
        />
        <TextField
          name="message"
          label={form.message}
          multiline
          minRows={5}
          value={values.message}
          onChange={(event) => change('message', event.target.value)}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
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
