import { Alert, Button, type SxProps, type Theme } from '@mui/material';

/** What a screen shows in place of data that failed to load, with a way to ask again. */
export function LoadFailedAlert({
  message,
  onRetry,
  sx,
}: {
  message: string;
  onRetry: () => void;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
