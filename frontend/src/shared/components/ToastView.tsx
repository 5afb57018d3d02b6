import { useEffect } from 'react';
import type { ToastOptions } from './toast';

export interface ToastViewProps {
  toast: ToastOptions & { key: number; open: boolean };
  onClose: () => void;
}

/** The toast of {@link ToastProvider}: plain markup and the site's stylesheet, no UI library. */
export default function ToastView({ toast, onClose }: ToastViewProps) {
  const error = toast.variant === 'destructive';
  const tone = error ? 'toast-error' : toast.variant === 'success' ? 'toast-success' : '';
  const duration = toast.duration ?? 5000;
  useEffect(() => {
    if (!toast.open) return;
    const timer = window.setTimeout(onClose, duration);
    return () => window.clearTimeout(timer);
  }, [toast.key, toast.open, duration, onClose]);
  if (!toast.open) return null;
  return (
    <div role={error ? 'alert' : 'status'} data-testid="toast" className={`toast ${tone}`}>
      <div className="toast-body">
        <div className="toast-title">{toast.title}</div>
        {toast.description}
      </div>
      <button type="button" className="icon-btn" aria-label="Close" onClick={onClose}>
        <svg className="icon icon-small" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" />
        </svg>
      </button>
    </div>
  );
}
