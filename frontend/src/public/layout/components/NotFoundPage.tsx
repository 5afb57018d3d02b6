import { Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { routes } from '@/app/routes';
import { usePageMeta } from '@/shared/components/usePageMeta';

export function NotFoundPage() {
  usePageMeta('Sivua ei löytynyt – Keittiökalvo', 'Etsimääsi sivua ei löytynyt.', {
    noindex: true,
  });
  return (
    <Container sx={{ py: 12, textAlign: 'center' }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 32, md: 48 }, mb: 2 }}>
        404 Page Not Found
      </Typography>
      <Typography sx={{ mb: 4 }} color="text.secondary">
        Etsimääsi sivua ei löytynyt.
      </Typography>
      <Button variant="contained" component={RouterLink} to={routes.home}>
        Etusivulle
      </Button>
    </Container>
  );
}
