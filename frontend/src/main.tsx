import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/AppProviders';
import { AppRouter, preloadPage, whenPageCommitted } from './app/AppRouter';

/** Renders nothing; runs once React has committed the tree around it. */
function OnCommit({ then }: { then: () => void }) {
  useEffect(then, [then]);
  return null;
}

/**
 * Starts the app in the page's root and resolves once React has taken it over. Public pages
 * arrive prerendered and are hydrated once their page's chunk is here; the admin's shell is an
 * empty root.
 */
export async function startApp(): Promise<void> {
  const container = document.getElementById('root')!;
  const path = window.location.pathname;
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await preloadPage(path);
  const pageCommitted = prerendered ? whenPageCommitted(path) : undefined;
  await new Promise<void>((resolve) => {
    const app = (
      <StrictMode>
        <AppProviders>
          <AppRouter />
        </AppProviders>
        <OnCommit then={resolve} />
      </StrictMode>
    );
    if (prerendered) hydrateRoot(container, app);
    else createRoot(container).render(app);
  });
  await pageCommitted;
}
