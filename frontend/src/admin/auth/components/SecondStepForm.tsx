import { Button, Link, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { LoginAnswer } from '#src/contract/team';
import { useCompleteSignInMutation } from '@/admin/auth/api/authApi';
import { loginErrorMessage } from '@/admin/auth/loginErrorMessage';
import { useToast } from '@/shared/components/toast';

interface Props {
  challenge: string;
  onSignedIn: (answer: LoginAnswer) => void;
}

/** The second step of a sign-in: the app's code, or one of the recovery codes instead. */
export function SecondStepForm({ challenge, onSignedIn }: Props) {
  const toast = useToast();
  const [completeSignIn, { isLoading }] = useCompleteSignInMutation();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = value.trim();
    try {
      const answer = await completeSignIn(
        useRecovery ? { challenge, recoveryCode: typed } : { challenge, code: typed },
      ).unwrap();
      onSignedIn(answer);
    } catch (error) {
      toast({
        title: 'Login failed',
        description: loginErrorMessage(error, 'Invalid code'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="body2">
        {useRecovery
          ? 'Enter one of your recovery codes. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows.'}
      </Typography>
      <TextField
        key={useRecovery ? 'recovery' : 'code'}
        label={useRecovery ? 'Recovery code' : 'Authentication code'}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: useRecovery ? {} : { inputMode: 'numeric', maxLength: 6 } }}
        autoFocus
        fullWidth
      />
      <Button type="submit" variant="contained" size="large" disabled={isLoading}>
        {isLoading ? 'Verifying...' : 'Verify'}
      </Button>
      <Link
        component="button"
        type="button"
        variant="body2"
        sx={{ alignSelf: 'center' }}
        onClick={() => {
          setUseRecovery((r) => !r);
          setValue('');
        }}
      >
        {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
      </Link>
    </Stack>
  );
}
