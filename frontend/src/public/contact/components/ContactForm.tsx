import { type FormEvent, useState } from 'react';
import { sendContactMessage, splitName } from '@/public/contact/api/contactApi';
import { contactCopy } from '@/public/contact/copy';
import { Button } from '@/shared/ui/Button';
import { TextField } from '@/shared/ui/TextField';
import { errorMessage } from '@/shared/api/errorMessage';
import { useSend } from '@/shared/api/postJson';
import { useIdempotencyKey } from '@/shared/api/useIdempotencyKey';
import { useToast } from '@/shared/components/toast';

const EMPTY = { name: '', email: '', phone: '', message: '' };
type Field = keyof typeof EMPTY;

/** Field order and input attributes; name and e-mail are the required ones. */
const FIELDS: {
  name: Field;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  maxLength: number;
}[] = [
  { name: 'name', required: true, autoComplete: 'name', maxLength: 201 },
  { name: 'email', required: true, type: 'email', autoComplete: 'email', maxLength: 254 },
  { name: 'phone', type: 'tel', autoComplete: 'tel', maxLength: 40 },
  { name: 'message', maxLength: 5000 },
];

export function ContactForm() {
  const [values, setValues] = useState(EMPTY);
  const [missing, setMissing] = useState<Set<Field>>(new Set());
  const [send, sending] = useSend(sendContactMessage);
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
      await send(
        {
          ...splitName(values.name),
          email: values.email.trim(),
          phone: values.phone.trim(),
          message: values.message.trim(),
          source: 'contact_form',
        },
        idempotencyKey.take(),
      );
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
    <form noValidate onSubmit={(event) => void submit(event)}>
      <div className="field-grid">
        {FIELDS.map(({ name, required, type, autoComplete, maxLength }) => {
          const shared = {
            name,
            label: form[name],
            required,
            value: values[name],
            error: missing.has(name),
            helperText: missing.has(name) ? form.required : undefined,
            maxLength,
          };
          return name === 'message' ? (
            <TextField
              key={name}
              {...shared}
              multiline
              rows={5}
              onChange={(event) => change(name, event.target.value)}
            />
          ) : (
            <TextField
              key={name}
              {...shared}
              type={type}
              autoComplete={autoComplete}
              onChange={(event) => change(name, event.target.value)}
            />
          );
        })}
      </div>
      <Button
        type="submit"
        variant="contained"
        size="large"
        accent
        disabled={sending}
        className="contact-submit"
      >
        {sending ? form.sending : form.submit}
      </Button>
    </form>
  );
}
