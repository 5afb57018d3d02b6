import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { AppDispatch } from '@/app/store';
import { routes } from '@/app/routes';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { useLoginMutation } from '@/admin/auth/api/authApi';
import { PasswordField } from '@/shared/components/PasswordField';
import { loginErrorMessage } from '@/admin/auth/loginErrorMessage';
import { clearAdminSession, storeAdminToken } from '@/shared/session/session';
import type { LoginAnswer } from '#src/contract/team';
import { AuthCard } from './AuthCard';
import { AuthForm, SignInEmailField } from './AuthForm';
import { SecondStepForm } from './SecondStepForm';

export default function LoginPage() {
  usePageMeta('Sign In – Admin', undefined, { noindex: true });
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [challenge, setChallenge] = useState<string | null>(null);

  // Arriving at the login page signs out whoever was signed in (docs/product.md#admin-session).
  useEffect(() => clearAdminSession(dispatch), [dispatch]);

  const signedIn = (answer: LoginAnswer) => {
    storeAdminToken(answer.token);
    toast({
      title: 'Login successful',
      description: 'Welcome to the admin panel',
      variant: 'success',
    });
    void navigate(routes.admin, { replace: true });
  };

  if (challenge) {
    return (
      <AuthCard title="Two-step sign-in" subtitle="One more step to the admin dashboard.">
        <SecondStepForm challenge={challenge} onSignedIn={signedIn} />
      </AuthCard>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password.trim()) {
      toast({
        title: 'Missing credentials',
        description: 'Please enter both email and password',
        variant: 'destructive',
      });
      return;
    }
    try {
      const answer = await login({ email: trimmedEmail, password }).unwrap();
      if ('secondFactorRequired' in answer) {
        setChallenge(answer.challenge);
        return;
      }
      if (!answer.success || !answer.token) {
        toast({
          title: 'Login failed',
          description: 'Invalid response format',
          variant: 'destructive',
        });
        return;
      }
      signedIn(answer);
    } catch (error) {
      toast({
        title: 'Login failed',
        description: loginErrorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <AuthForm
      title="Sign In"
      subtitle="Staff access to the admin dashboard."
      onSubmit={submit}
      submitLabel="Sign In"
      busyLabel="Signing in..."
      busy={isLoading}
      link={{ to: routes.forgotPassword, label: 'Forgot password?' }}
    >
      <SignInEmailField value={email} onChange={setEmail} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        fullWidth
      />
    </AuthForm>
  );
}
