import { useState, type FormEvent } from 'react';
import { PASSWORD_MIN_LENGTH } from '#src/contract/team';
import { useToast } from '@/shared/components/toast';
import { useChangePasswordMutation } from '@/admin/auth/api/authApi';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';
import { PasswordField } from '@/shared/components/PasswordField';
import { SettingsForm } from '@/admin/auth/components/SettingsForm';

/** Current, new and confirm; used in Settings and when a one-time password must be replaced. */
export function PasswordForm({ submitLabel = 'Change Password' }: { submitLabel?: string }) {
  const toast = useToast();
  const save = useSaveOrToast();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');
  const tooShort = newPassword.length > 0 && newPassword.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirm.length > 0 && confirm !== newPassword;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword || newPassword.length < PASSWORD_MIN_LENGTH || confirm !== newPassword) {
      toast({
        title: 'Check the password fields',
        description: `The new password needs at least ${PASSWORD_MIN_LENGTH} characters and must match its confirmation.`,
        variant: 'destructive',
      });
      return;
    }
    const changed = await save(
      changePassword({ currentPassword, newPassword }).unwrap(),
      'Failed to change password',
    );
    if (!changed) return;
    setCurrent('');
    setNew('');
    setConfirm('');
    toast({
      title: 'Password changed',
      description: 'Your other sessions have been signed out.',
      variant: 'success',
    });
  };

  return (
    <SettingsForm onSubmit={submit} saveLabel={submitLabel} saving={isLoading}>
      <PasswordField
        label="Current password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={(e) => setCurrent(e.target.value)}
        required
      />
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
        error={tooShort}
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
        required
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={mismatch}
        helperText={mismatch ? 'Passwords do not match' : ' '}
        required
      />
    </SettingsForm>
  );
}
