import { Button, Link, Stack, TextField } from '@mui/material';
import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { AuthCard } from './AuthCard';

interface Props {
  title: string;
  subtitle: string;
  onSubmit: (event: FormEvent) => void;
  /** The submit button's label, and the one it shows while the request runs. */
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  /** Disables the submit button beside `busy`; a form that has already answered hides it. */
  submitDisabled?: boolean;
  hideSubmit?: boolean;
  /** The link under the form, to the other page of signing in. */
  link: { to: string; label: string };
  children: ReactNode;
}

/** The form of a page before signing in: its fields, a large submit button and a link below. */
export function AuthForm({
  title,
  subtitle,
  onSubmit,
  submitLabel,
  busyLabel,
  busy,
  submitDisabled = false,
  hideSubmit = false,
  link,
  children,
}: Props) {
  return (
    <AuthCard title={title} subtitle={subtitle}>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        {children}
        {!hideSubmit && (
          <Button type="submit" variant="contained" size="large" disabled={busy || submitDisabled}>
            {busy ? busyLabel : submitLabel}
          </Button>
        )}
        <Link component={RouterLink} to={link.to} variant="body2" sx={{ alignSelf: 'center' }}>
          {link.label}
        </Link>
      </Stack>
    </AuthCard>
  );
}

/** The e-mail a member signs in with, first in its form. */
export function SignInEmailField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label="Email"
      type="email"
      autoComplete="username"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoFocus
      fullWidth
    />
  );
}
