import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@/shared/components/usePageMeta';

export default function AdminPage() {
  usePageMeta('Admin Dashboard');
  return (
    <Container sx={{ py: 6 }}>
      <Typography variant="h4">Admin Dashboard</Typography>
    </Container>
  );
}
