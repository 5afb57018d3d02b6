import { Alert, AlertTitle, Card, CardContent, CardHeader } from '@mui/material';

/** No backup service exists yet: say so plainly rather than show invented files. */
export default function BackupsTab() {
  return (
    <Card>
      <CardHeader title="Backups" subheader="Automatic backups of the database" />
      <CardContent>
        <Alert severity="warning">
          <AlertTitle>Backups are not set up yet</AlertTitle>
          This installation does not make automatic backups yet, so there are no backup files to
          list. Until they are in place, back up the database with your hosting provider's tools.
        </Alert>
      </CardContent>
    </Card>
  );
}
