import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@/shared/components/usePageMeta';

/** Stands in for a page that its own issue builds. */
export function PlaceholderPage({ title, heading }: { title: string; heading: string }) {
  usePageMeta(title);
  return (
    <Container sx={{ py: 8 }}>
      <Typography variant="h1" sx={{ fontSize: { xs: 32, md: 44 } }}>
        {heading}
      </Typography>
    </Container>
  );
}
