import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider } from '@mui/material';
import type { ReactNode } from 'react';
import { emotionCache } from './emotionCache';
import { theme } from './theme';

/**
 * MUI's theme and emotion's cache, around the parts of the product built with MUI: the admin,
 * and the public pages not yet moved to the site's stylesheet. They load with those parts only.
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
