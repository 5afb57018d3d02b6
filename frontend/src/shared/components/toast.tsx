import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

import ToastView from './ToastView';

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
  return (
    <ToastContext.Provider value={value}>
      {children}
      {toast && <ToastView key={toast.key} toast={toast} onClose={close} />}
    </ToastContext.Provider>
  );
}

export function useToast(): (toast: ToastOptions) => void {
  return useContext(ToastContext);
}
