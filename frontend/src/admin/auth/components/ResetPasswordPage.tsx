import { Alert } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { routes } from '@/app/routes';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { useCompletePasswordResetMutation } from '@/admin/auth/api/authApi';
import { loginErrorMessage } from '@/admin/auth/loginErrorMessage';
import { AuthForm } from './AuthForm';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

/** Opened from the reset link's e-mail: sets a new password with the link's token. */
export default function ResetPasswordPage() {
  usePageMeta('Set a new password – Admin', undefined, { noindex: true });
  const toast = useToast();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [completeReset, { isLoading }] = useCompletePasswordResetMutation();
  const password = useNewPassword();
  const [refusal, setRefusal] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password.check()) return;
    try {
      await completeReset({ token, newPassword: password.newPassword }).unwrap();
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
    <AuthForm
      title="Set a new password"
      subtitle="Choose the password you will sign in with."
      onSubmit={submit}
      submitLabel="Set Password"
      busyLabel="Saving..."
      busy={isLoading}
      submitDisabled={!token}
      link={{ to: routes.forgotPassword, label: 'Ask for a new link' }}
    >
      {!token && (
        <Alert severity="error">This page opens from the link in the password reset e-mail.</Alert>
      )}
      {refusal && (
        <Alert severity="error" role="alert">
          {refusal}
        </Alert>
      )}
      <NewPasswordFields state={password} standalone />
    </AuthForm>
  );
}
