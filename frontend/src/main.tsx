import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/AppRouter';
import { theme } from './app/theme';
import { ToastProvider } from './shared/components/toast';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ToastProvider>
        <AppRouter />
      </ToastProvider>
    </ThemeProvider>
  </StrictMode>,
);
