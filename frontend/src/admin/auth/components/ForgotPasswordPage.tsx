import { Alert } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { routes } from '@/app/routes';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { useRequestPasswordResetMutation } from '@/admin/auth/api/authApi';
import { loginErrorMessage } from '@/admin/auth/loginErrorMessage';
import { AuthForm, SignInEmailField } from './AuthForm';

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
    <AuthForm
      title="Forgot password"
      subtitle="Enter the email you sign in with and we will send you a link to set a new password."
      onSubmit={submit}
      submitLabel="Send Link"
      busyLabel="Sending..."
      busy={isLoading}
      hideSubmit={Boolean(sent)}
      link={{ to: routes.login, label: 'Back to sign in' }}
    >
      {sent ? (
        <Alert severity="success" role="status">
          {sent}
        </Alert>
      ) : (
        <SignInEmailField value={email} onChange={setEmail} />
      )}
    </AuthForm>
  );
}
