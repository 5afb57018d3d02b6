import { Alert, Card, CardContent, CardHeader, Container } from '@mui/material';
import { PasswordForm } from './PasswordForm';

/** A one-time password opens nothing but this form until the member picks their own. */
export function ForcePasswordChange() {
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Card>
        <CardHeader title="Choose your password" />
        <CardContent>
          <Alert severity="info" sx={{ mb: 3 }}>
            You signed in with a one-time password. Choose a password of your own to continue to the
            dashboard.
          </Alert>
          <PasswordForm submitLabel="Set Password" />
        </CardContent>
      </Card>
    </Container>
  );
}
