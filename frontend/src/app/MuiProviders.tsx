import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { emotionCache } from './emotionCache';
import { theme } from './theme';

/**
 * MUI's theme and emotion's cache, around the admin, the one part of the product built with MUI.
 * They load with it only.
 */
export default function MuiProviders({
  baseline = false,
  children,
}: {
  /** MUI's global baseline; the public pages have the site's stylesheet instead. */
  baseline?: boolean;
  children: ReactNode;
}) {
  return (
    <CacheProvider value={emotionCache()}>
      <ThemeProvider theme={theme}>
        {baseline && <CssBaseline />}
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
