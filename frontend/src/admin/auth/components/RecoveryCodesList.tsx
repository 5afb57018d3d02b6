import { Alert, Box } from '@mui/material';

/** The recovery codes, shown once: each stands in for the app at one sign-in. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  return (
    <>
      <Alert severity="warning">
        Save these recovery codes somewhere safe. Each works once, instead of a code from the app,
        if you lose your phone. They will not be shown again.
      </Alert>
      <Box
        component="ol"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', columns: 2, m: 0, pl: 3 }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
    </>
  );
}
