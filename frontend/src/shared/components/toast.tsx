import { Alert, AlertTitle, Snackbar } from '@mui/material';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive' | 'info';
  /** Milliseconds; 5000 by default (docs/product.md#messages). */
  duration?: number;
}

interface ToastState extends ToastOptions {
  key: number;
  open: boolean;
}

const sameToast = (a: ToastOptions, b: ToastOptions) =>
  a.title === b.title && a.description === b.description && a.variant === b.variant;

const ToastContext = createContext<(toast: ToastOptions) => void>(() => undefined);

/**
 * One toast at a time (docs/product.md#messages): a new toast replaces the one on screen. The same
 * toast again while it is showing is left alone, so parts of a screen failing together do not
 * flicker it.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<ToastState | null>(null);
  const show = useCallback((options: ToastOptions) => {
    setToast((current) =>
      current?.open && sameToast(current, options)
        ? current
        : { ...options, key: Date.now() + Math.random(), open: true },
    );
  }, []);
  const close = useCallback(
    () => setToast((current) => current && { ...current, open: false }),
    [],
  );
  const value = useMemo(() => show, [show]);
  const severity =
    toast?.variant === 'destructive' ? 'error' : toast?.variant === 'success' ? 'success' : 'info';
  return (
    <ToastContext.Provider value={value}>
      {children}
      <Snackbar
        key={toast?.key}
        open={toast?.open ?? false}
        autoHideDuration={toast?.duration ?? 5000}
        onClose={(_, reason) => reason !== 'clickaway' && close()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <Alert
          severity={severity}
          variant="filled"
          onClose={close}
          role={severity === 'error' ? 'alert' : 'status'}
          data-testid="toast"
          sx={{ minWidth: 280 }}
        >
          <AlertTitle sx={{ mb: toast?.description ? 0.5 : 0 }}>{toast?.title}</AlertTitle>
          {toast?.description}
        </Alert>
      </Snackbar>
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: ToastOptions) => void {
  return useContext(ToastContext);
}
