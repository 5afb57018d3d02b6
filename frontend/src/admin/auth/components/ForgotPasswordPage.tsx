import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { routes } from '@/app/routes';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { useRequestPasswordResetMutation } from '@/admin/auth/api/authApi';
import { loginErrorMessage } from '@/admin/auth/loginErrorMessage';
import { AuthCard } from './AuthCard';

/** Asks for a reset link; the answer reads the same whether or not the e-mail is a member's. */
export default function ForgotPasswordPage() {
  usePageMeta('Forgot password – Admin', undefined, { noindex: true });
  const toast = useToast();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      toast({
        title: 'Missing email',
        description: 'Please enter the email you sign in with',
        variant: 'destructive',
      });
      return;
    }
    try {
      setSent((await requestReset({ email: trimmed }).unwrap()).message);
    } catch (error) {
      toast({
        title: 'Could not send the link',
        description: loginErrorMessage(error, 'Please try again in a moment'),
        variant: 'destructive',
      });
    }
  };

  return (
    <AuthCard
      title="Forgot password"
      subtitle="Enter the email you sign in with and we will send you a link to set a new password."
    >
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {sent ? (
          <Alert severity="success" role="status">
            {sent}
          </Alert>
        ) : (
          <>
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              {isLoading ? 'Sending...' : 'Send Link'}
            </Button>
          </>
        )}
        <Link component={RouterLink} to={routes.login} variant="body2" sx={{ alignSelf: 'center' }}>
          Back to sign in
        </Link>
      </Stack>
    </AuthCard>
  );
}
