import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { store } from './store';

/** Loaded lazily by the routes that use RTK Query, so the public entry bundle stays without it. */
export default function StoreProvider({ children }: { children: ReactNode }) {
  return <Provider store={store}>{children}</Provider>;
}
