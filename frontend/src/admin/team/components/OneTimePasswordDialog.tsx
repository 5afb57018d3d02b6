import { ContentCopy } from '@mui/icons-material';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';

/** The one-time password exists only in this dialog: it is never shown again. */
export function OneTimePasswordDialog({
  email,
  password,
  onClose,
}: {
  email: string;
  password: string;
  onClose(): void;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(password).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>One-time password</DialogTitle>
      <DialogContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          This password is shown only once. Give it to the team member; they must choose their own
          password when they first sign in.
        </Alert>
        <Typography variant="body2" color="text.secondary">
          Sign-in email
        </Typography>
        <Typography sx={{ mb: 2 }}>{email}</Typography>
        <Typography variant="body2" color="text.secondary">
          One-time password
        </Typography>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            data-testid="one-time-password"
            sx={{ fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: 1 }}
          >
            {password}
          </Typography>
          <IconButton aria-label="Copy password" onClick={copy}>
            <ContentCopy />
          </IconButton>
          {copied && <Typography variant="body2">Copied</Typography>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
