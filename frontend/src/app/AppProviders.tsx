import type { ReactNode } from 'react';
import { ToastProvider } from '@/shared/components/toast';

/** Everything around the routes, the same in the browser and in the build's prerendering. */
export function AppProviders({ children }: { children: ReactNode }) {
  return <ToastProvider>{children}</ToastProvider>;
}
