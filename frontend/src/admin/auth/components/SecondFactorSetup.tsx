import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import type { SecondFactorSetupAnswer } from '#src/contract/team';
import type { AppDispatch } from '@/app/store';
import { api } from '@/shared/api/api';
import { useSaveOrToast } from '@/shared/hooks/useSaveOrToast';
import {
  useConfirmSecondFactorMutation,
  useStartSecondFactorSetupMutation,
} from '@/admin/auth/api/authApi';
import { RecoveryCodesList } from './RecoveryCodesList';
import { AuthenticatorCodeField } from './AuthenticatorCodeField';

/**
 * Setting up two-step sign-in: a new secret as a QR code and in text, then a code from the app
 * turns it on and the recovery codes are shown, once. The session learns it is on only when the
 * member says the codes are put away, so they stay on screen until then.
 */
export function SecondFactorSetup() {
  const dispatch = useDispatch<AppDispatch>();
  const save = useSaveOrToast();
  const [start, starting] = useStartSecondFactorSetupMutation();
  const [confirm, confirming] = useConfirmSecondFactorMutation();
  const [setup, setSetup] = useState<SecondFactorSetupAnswer | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const begin = async () => {
    const answer = await save(start().unwrap(), 'Could not start the set-up');
    if (answer) setSetup(answer);
  };
  const turnOn = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await save(
      confirm({ code: code.trim() }).unwrap(),
      'That code did not turn it on',
    );
    if (answer) setRecoveryCodes(answer.recoveryCodes);
  };

  if (recoveryCodes) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">Two-step sign-in is on.</Alert>
        <RecoveryCodesList codes={recoveryCodes} />
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => dispatch(api.util.invalidateTags(['Me']))}
        >
          I have saved my recovery codes
        </Button>
      </Stack>
    );
  }
  if (!setup) {
    return (
      <Stack spacing={2}>
        <Typography variant="body2">
          After your password, sign-in will ask for a code from an authenticator app on your phone.
        </Typography>
        <Button
          variant="contained"
          sx={{ alignSelf: 'flex-start' }}
          disabled={starting.isLoading}
          onClick={begin}
        >
          Set up two-step sign-in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack component="form" spacing={2} onSubmit={turnOn} noValidate>
      <Typography variant="body2">
        Scan this code with an authenticator app, or type the key in by hand, then enter the 6-digit
        code the app shows.
      </Typography>
      <Box
        component="img"
        src={setup.qrCode}
        alt="QR code for your authenticator app"
        sx={{ width: 180, height: 180 }}
      />
      <Typography variant="body2">
        Key: <code data-testid="second-factor-secret">{setup.secret}</code>
      </Typography>
      <AuthenticatorCodeField value={code} onChange={setCode} />
      <Button
        type="submit"
        variant="contained"
        disabled={confirming.isLoading}
        sx={{ alignSelf: 'flex-start' }}
      >
        Turn On
      </Button>
    </Stack>
  );
}
