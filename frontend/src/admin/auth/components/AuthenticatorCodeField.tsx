import { TextField } from '@mui/material';

/** The six digits an authenticator app shows, as Settings asks for them. */
export function AuthenticatorCodeField({
  value,
  onChange,
}: {
  value: string;
  onChange: (code: string) => void;
}) {
  return (
    <TextField
      label="Code from the app"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="one-time-code"
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
      required
    />
  );
}
