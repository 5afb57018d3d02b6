import { Alert, Button, Link, Stack } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '#src/contract/team';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { routes } from '@/app/routes';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { PasswordField } from '@/shared/components/PasswordField';
import { useCompletePasswordResetMutation } from '@/admin/auth/api/authApi';
import { loginErrorMessage } from '@/admin/auth/loginErrorMessage';
import { AuthCard } from './AuthCard';

/** Opened from the reset link's e-mail: sets a new password with the link's token. */
export default function ResetPasswordPage() {
  usePageMeta('Set a new password – Admin', undefined, { noindex: true });
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [completeReset, { isLoading }] = useCompletePasswordResetMutation();
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const tooShort = newPassword.length > 0 && newPassword.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirm.length > 0 && confirm !== newPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (newPassword.length < PASSWORD_MIN_LENGTH || confirm !== newPassword) {
      toast({
        title: 'Check the password fields',
        description: `The new password needs at least ${PASSWORD_MIN_LENGTH} characters and must match its confirmation.`,
        variant: 'destructive',
      });
      return;
    }
    try {
      await completeReset({ token, newPassword }).unwrap();
      toast({
        title: 'Password set',
        description: 'Sign in with your new password.',
        variant: 'success',
      });
      void navigate(routes.login, { replace: true });
    } catch (error) {
      setRefusal(loginErrorMessage(error, 'The password could not be set. Please try again.'));
    }
  };

  return (
    <AuthCard title="Set a new password" subtitle="Choose the password you will sign in with.">
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        {!token && (
          <Alert severity="error">
            This page opens from the link in the password reset e-mail.
          </Alert>
        )}
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        )}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNew(e.target.value)}
          error={tooShort}
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
          autoFocus
          fullWidth
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.target.value)}
          error={mismatch}
          helperText={mismatch ? 'Passwords do not match' : ' '}
          fullWidth
        />
        <Button type="submit" variant="contained" size="large" disabled={isLoading || !token}>
          {isLoading ? 'Saving...' : 'Set Password'}
        </Button>
        <Link
          component={RouterLink}
          to={routes.forgotPassword}
          variant="body2"
          sx={{ alignSelf: 'center' }}
        >
          Ask for a new link
        </Link>
      </Stack>
    </AuthCard>
  );
}
