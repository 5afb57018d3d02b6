import { Alert, AlertTitle, Snackbar } from '@mui/material';
import type { ToastOptions } from './toast';

export interface ToastViewProps {
  toast: ToastOptions & { key: number; open: boolean };
  onClose: () => void;
}

/** The Snackbar of {@link ToastProvider}; its own chunk, loaded with the first toast. */
export default function ToastView({ toast, onClose }: ToastViewProps) {
  const severity =
    toast.variant === 'destructive' ? 'error' : toast.variant === 'success' ? 'success' : 'info';
  return (
    <Snackbar
      key={toast.key}
      open={toast.open}
      autoHideDuration={toast.duration ?? 5000}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    >
      <Alert
        severity={severity}
        variant="filled"
        onClose={onClose}
        role={severity === 'error' ? 'alert' : 'status'}
        data-testid="toast"
        sx={{ minWidth: 280 }}
      >
        <AlertTitle sx={{ mb: toast.description ? 0.5 : 0 }}>{toast.title}</AlertTitle>
        {toast.description}
      </Alert>
    </Snackbar>
  );
}
