import { Card, CardContent, CardHeader } from '@mui/material';
import type { ReactNode } from 'react';

/** An admin tab's card: its title, and its actions at the right, wrapping under on a phone. */
export function SectionCard({
  title,
  subheader,
  action,
  children,
}: {
  title: string;
  subheader: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader
        title={title}
        subheader={subheader}
        action={action}
        sx={{ flexWrap: 'wrap', gap: 1 }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}
