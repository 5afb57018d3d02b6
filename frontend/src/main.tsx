import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders';
import { AppRouter, preloadPage } from './app/AppRouter';
import { createEmotionCache } from './app/emotionCache';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders cache={createEmotionCache()}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

// Public pages arrive prerendered and are hydrated in one pass once their page's chunk is here;
// the admin's shell is an empty root.
if (container.firstElementChild) {
  void preloadPage(window.location.pathname).finally(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
