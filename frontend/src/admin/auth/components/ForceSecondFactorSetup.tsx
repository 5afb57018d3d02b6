import { Alert, Card, CardContent, CardHeader, Container } from '@mui/material';
import { SecondFactorSetup } from './SecondFactorSetup';

/** The team requires two-step sign-in of admins: nothing else opens until it is set up. */
export function ForceSecondFactorSetup() {
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <Card>
        <CardHeader title="Set up two-step sign-in" />
        <CardContent>
          <Alert severity="info" sx={{ mb: 3 }}>
            The team requires two-step sign-in for admins. Set it up to continue to the dashboard.
          </Alert>
          <SecondFactorSetup />
        </CardContent>
      </Card>
    </Container>
  );
}
