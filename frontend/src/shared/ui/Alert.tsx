import type { HTMLAttributes } from 'react';

/** A boxed note: information, success or an error. */
export function Alert({
  severity,
  className,
  ...props
}: { severity: 'info' | 'success' | 'error' } & HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={['alert', `alert-${severity}`, className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}
