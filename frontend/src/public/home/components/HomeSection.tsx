import { Box, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  headingId: string;
  heading: string;
  background?: string;
  children: ReactNode;
}

/** A band of the home page: a centred heading that names the section, then its content. */
export function HomeSection({ headingId, heading, background, children }: Props) {
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ py: { xs: 6, md: 9 }, bgcolor: background }}
    >
      <Container>
        <Typography
          id={headingId}
          variant="h2"
          sx={{ fontSize: { xs: 28, md: 36 }, mb: 4, textAlign: 'center' }}
        >
          {heading}
        </Typography>
        {children}
      </Container>
    </Box>
  );
}
