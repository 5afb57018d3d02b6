import { type FormEvent, memo, useCallback, useState } from 'react';
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

interface FieldSpec {
  name: Field;
  required?: boolean;
  type?: string;
  autoComplete?: string;
  maxLength: number;
}

/** Field order and input attributes; name and e-mail are the required ones. */
const FIELDS: FieldSpec[] = [
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

  const change = useCallback((field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setMissing((current) => {
      if (!current.has(field)) return current;
      const rest = new Set(current);
      rest.delete(field);
      return rest;
    });
  }, []);

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
        {FIELDS.map((spec) => (
          <ContactField
            key={spec.name}
            spec={spec}
            value={values[spec.name]}
            missing={missing.has(spec.name)}
            onChange={change}
          />
        ))}
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

interface ContactFieldProps {
  spec: FieldSpec;
  value: string;
  missing: boolean;
  onChange: (field: Field, value: string) => void;
}

/**
 * One field, rendered again only when its own value or message changes: the first submit of an
 * empty form is a phone visitor's first input, and re-rendering every field made it slow
 * (docs/decisions/0133-first-input-compiled-ahead.md).
 */
const ContactField = memo(function ContactField({
  spec: { name, required, type, autoComplete, maxLength },
  value,
  missing,
  onChange,
}: ContactFieldProps) {
  const shared = {
    name,
    label: contactCopy.form[name],
    required,
    value,
    error: missing,
    helperText: missing ? contactCopy.form.required : undefined,
    maxLength,
    onChange: (event: { target: { value: string } }) => onChange(name, event.target.value),
  };
  return name === 'message' ? (
    <TextField {...shared} multiline rows={5} />
  ) : (
    <TextField {...shared} type={type} autoComplete={autoComplete} />
  );
});
