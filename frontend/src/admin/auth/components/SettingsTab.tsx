import { Card, CardContent, CardHeader, Grid } from '@mui/material';
import { useVerifyQuery } from '@/shared/session/sessionApi';
import { PasswordForm } from '@/admin/auth/components/PasswordForm';
import { ProfileForm } from './ProfileForm';
import { SecondFactorCard } from './SecondFactorCard';

export default function SettingsTab() {
  const { data } = useVerifyQuery();
  if (!data) return null;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader title="Profile" subheader="Your name and sign-in email" />
          <CardContent>
            <ProfileForm key={data.user.email} user={data.user} />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader title="Change Password" subheader="Other sessions are signed out" />
          <CardContent>
            <PasswordForm />
          </CardContent>
        </Card>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Card>
          <CardHeader
            title="Two-step sign-in"
            subheader="A code from an authenticator app after your password"
          />
          <CardContent>
            <SecondFactorCard user={data.user} />
          </CardContent>
        </Card>
      </Grid>
    </Grid>
  );
}
