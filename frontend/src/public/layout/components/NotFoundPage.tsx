import { routes } from '@/app/routes';
import { ButtonLink } from '@/shared/ui/Button';
import { usePageMeta } from '@/shared/components/usePageMeta';

export function NotFoundPage() {
  usePageMeta('Sivua ei löytynyt – Keittiökalvo', 'Etsimääsi sivua ei löytynyt.', {
    noindex: true,
  });
  return (
    <div className="container not-found">
      <h1 className="not-found-title">404 Page Not Found</h1>
      <p className="muted not-found-text">Etsimääsi sivua ei löytynyt.</p>
      <ButtonLink variant="contained" to={routes.home}>
        Etusivulle
      </ButtonLink>
    </div>
  );
}
