import { Stack, TextField } from '@mui/material';
import type { ProfileInput } from '#src/contract/team';

type Field = keyof ProfileInput;

interface Props {
  values: ProfileInput;
  onChange(field: Field, value: string): void;
  /** Fields to mark as missing; when given, each field keeps room for its message. */
  missing?: Record<Field, boolean>;
  autoFocus?: boolean;
}

/** A member's name and e-mail, the same in Settings and in the Team tab. */
export function ProfileFields({ values, onChange, missing, autoFocus }: Props) {
  const field = (name: Field) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => onChange(name, e.target.value),
    required: true,
    ...(missing && { error: missing[name], helperText: missing[name] ? 'Required' : ' ' }),
  });
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" {...field('firstName')} fullWidth autoFocus={autoFocus} />
        <TextField label="Last name" {...field('lastName')} fullWidth />
      </Stack>
      <TextField label="Email" type="email" {...field('email')} />
    </>
  );
}
