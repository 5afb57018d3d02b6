import { Container, Typography } from '@mui/material';
import { usePageMeta } from '@/shared/components/usePageMeta';

export default function LoginPage() {
  usePageMeta('Sign In – Admin');
  return (
    <Container maxWidth="xs" sx={{ py: 8 }}>
      <Typography variant="h4">Sign In</Typography>
    </Container>
  );
}
