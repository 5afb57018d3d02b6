import { Alert } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { StaffUser } from '#src/contract/team';
import { useDisableSecondFactorMutation } from '@/admin/auth/api/authApi';
import { PasswordField } from '@/shared/components/PasswordField';
import { useToast } from '@/shared/components/toast';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';
import { SecondFactorSetup } from './SecondFactorSetup';
import { AuthenticatorCodeField } from './AuthenticatorCodeField';
import { SettingsForm } from './SettingsForm';

/** Two-step sign-in in Settings: set it up, or turn it off with the password and a code. */
export function SecondFactorCard({ user }: { user: StaffUser }) {
  if (!user.secondFactor) return <SecondFactorSetup />;
  return <TurnOffForm />;
}

function TurnOffForm() {
  const toast = useToast();
  const save = useSaveOrToast();
  const [disable, { isLoading }] = useDisableSecondFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await save(
      disable({ password, code: code.trim() }).unwrap(),
      'Could not turn off two-step sign-in',
    );
    if (done) toast({ title: 'Two-step sign-in is off', variant: 'success' });
  };

  return (
    <SettingsForm onSubmit={submit} saveLabel="Turn Off" saving={isLoading}>
      <Alert severity="success">Two-step sign-in is on.</Alert>
      <PasswordField
        label="Your password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        required
      />
      <AuthenticatorCodeField value={code} onChange={setCode} />
    </SettingsForm>
  );
}
