import { useState } from 'react';
import { PASSWORD_MIN_LENGTH } from '#src/contract/team';
import { useToast } from '@/shared/components/toast';
import { PasswordField } from '@/shared/components/PasswordField';

/** The new password and its confirmation, with the check both password forms make before sending. */
export function useNewPassword() {
  const toast = useToast();
  const [newPassword, setNew] = useState('');
  const [confirm, setConfirm] = useState('');

  /** True when the fields (and the form's own, `othersFilled`) are fit to send; else a toast. */
  const check = (othersFilled = true) => {
    if (othersFilled && newPassword.length >= PASSWORD_MIN_LENGTH && confirm === newPassword) {
      return true;
    }
    toast({
      title: 'Check the password fields',
      description: `The new password needs at least ${PASSWORD_MIN_LENGTH} characters and must match its confirmation.`,
      variant: 'destructive',
    });
    return false;
  };
  const clear = () => {
    setNew('');
    setConfirm('');
  };
  return { newPassword, setNew, confirm, setConfirm, check, clear };
}

type NewPassword = ReturnType<typeof useNewPassword>;

/** The two fields of `useNewPassword`; `standalone` for a page whose first field it is. */
export function NewPasswordFields({
  state,
  standalone = false,
}: {
  state: NewPassword;
  standalone?: boolean;
}) {
  const { newPassword, setNew, confirm, setConfirm } = state;
  const tooShort = newPassword.length > 0 && newPassword.length < PASSWORD_MIN_LENGTH;
  const mismatch = confirm.length > 0 && confirm !== newPassword;
  const layout = standalone ? { fullWidth: true } : { required: true };
  return (
    <>
      <PasswordField
        label="New password"
        autoComplete="new-password"
        value={newPassword}
        onChange={(e) => setNew(e.target.value)}
        error={tooShort}
        helperText={`At least ${PASSWORD_MIN_LENGTH} characters`}
        autoFocus={standalone}
        {...layout}
      />
      <PasswordField
        label="Confirm new password"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
        error={mismatch}
        helperText={mismatch ? 'Passwords do not match' : ' '}
        {...layout}
      />
    </>
  );
}
