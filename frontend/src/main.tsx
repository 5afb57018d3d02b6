import { CssBaseline, ThemeProvider } from '@mui/material';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { AppRouter } from './app/AppRouter';
import { store } from './app/store';
import { theme } from './app/theme';
import { ToastProvider } from './shared/components/toast';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <ToastProvider>
          <AppRouter />
        </ToastProvider>
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
