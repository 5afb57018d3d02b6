import { useState, type FormEvent } from 'react';
import { useToast } from '@/shared/components/toast';
import { useChangePasswordMutation } from '@/admin/auth/api/authApi';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';
import { PasswordField } from '@/shared/components/PasswordField';
import { SettingsForm } from '@/admin/auth/components/SettingsForm';
import { NewPasswordFields, useNewPassword } from './NewPasswordFields';

/** Current, new and confirm; used in Settings and when a one-time password must be replaced. */
export function PasswordForm({ submitLabel = 'Change Password' }: { submitLabel?: string }) {
  const toast = useToast();
  const save = useSaveOrToast();
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const [currentPassword, setCurrent] = useState('');
  const password = useNewPassword();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password.check(currentPassword !== '')) return;
    const changed = await save(
      changePassword({ currentPassword, newPassword: password.newPassword }).unwrap(),
      'Failed to change password',
    );
    if (!changed) return;
    setCurrent('');
    password.clear();
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
      <NewPasswordFields state={password} />
    </SettingsForm>
  );
}
