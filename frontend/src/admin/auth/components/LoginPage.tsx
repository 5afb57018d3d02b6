import { Box, Button, Container, Paper, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useState, type FormEvent } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import type { AppDispatch } from '@/app/store';
import { routes } from '@/app/routes';
import { useToast } from '@/shared/components/toast';
import { usePageMeta } from '@/shared/components/usePageMeta';
import { useLoginMutation } from '@/admin/auth/api/authApi';
import { PasswordField } from '@/shared/components/PasswordField';
import { loginErrorMessage } from '@/admin/auth/loginErrorMessage';
import { clearAdminSession, storeAdminToken } from '@/shared/session/session';

export default function LoginPage() {
  usePageMeta('Sign In – Admin', undefined, { noindex: true });
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const toast = useToast();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  // Arriving at the login page signs out whoever was signed in (docs/product.md#admin-session).
  useEffect(() => clearAdminSession(dispatch), [dispatch]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password.trim()) {
      toast({
        title: 'Missing credentials',
        description: 'Please enter both email and password',
        variant: 'destructive',
      });
      return;
    }
    try {
      const answer = await login({ email: trimmedEmail, password }).unwrap();
      if (!answer.success || !answer.token) {
        toast({
          title: 'Login failed',
          description: 'Invalid response format',
          variant: 'destructive',
        });
        return;
      }
      storeAdminToken(answer.token);
      toast({
        title: 'Login successful',
        description: 'Welcome to the admin panel',
        variant: 'success',
      });
      void navigate(routes.admin, { replace: true });
    } catch (error) {
      toast({
        title: 'Login failed',
        description: loginErrorMessage(error),
        variant: 'destructive',
      });
    }
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'grey.100' }}>
      <Container maxWidth="xs">
        <Paper component="main" sx={{ p: 4 }} elevation={2}>
          <Typography variant="h4" component="h1" gutterBottom>
            Sign In
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Staff access to the admin dashboard.
          </Typography>
          <Stack component="form" spacing={2} onSubmit={submit} noValidate>
            <TextField
              label="Email"
              type="email"
              autoComplete="username"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
              fullWidth
            />
            <PasswordField
              label="Password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={isLoading}>
              {isLoading ? 'Signing in...' : 'Sign In'}
            </Button>
          </Stack>
        </Paper>
      </Container>
    </Box>
  );
}
