import { Alert, type AlertColor, Button, type SxProps, type Theme } from '@mui/material';

/** A message with one button that acts on it: ask again, reload the latest version. */
export function ActionAlert({
  severity,
  message,
  actionLabel,
  onAction,
  disabled,
  sx,
}: {
  severity: AlertColor;
  message: string;
  actionLabel: string;
  onAction: () => void;
  disabled?: boolean;
  sx?: SxProps<Theme>;
}) {
  return (
    <Alert
      severity={severity}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onAction} disabled={disabled}>
          {actionLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

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
    <ActionAlert
      severity="error"
      message={message}
      actionLabel="Retry"
      onAction={onRetry}
      sx={sx}
    />
  );
}

/** Someone changed the data meanwhile: says what happened, with a way to load the latest version. */
export function ConflictAlert({
  message,
  onReload,
  reloading,
}: {
  message: string;
  onReload: () => void;
  reloading?: boolean;
}) {
  return (
    <ActionAlert
      severity="warning"
      message={message}
      actionLabel="Reload"
      onAction={onReload}
      disabled={reloading}
      sx={{ mb: 2 }}
    />
  );
}
