import { Box, Link, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { contactCopy } from '@/public/contact/copy';
import { telephoneHref } from '#src/contract/site';
import { useSiteConfig } from '@/shared/site/siteConfig';

const { card } = contactCopy;

export function ContactInfoCard() {
  const site = useSiteConfig();
  const rows: [string, ReactNode][] = [
    [card.phone, site && <Link href={telephoneHref(site.phone)}>{site.phone}</Link>],
    [card.email, site && <Link href={`mailto:${site.email}`}>{site.email}</Link>],
    [card.area, site?.serviceArea ?? card.areaValue],
    [card.response, card.responseValue],
  ];
  return (
    <Paper variant="outlined" sx={{ p: 3, borderRadius: 3 }}>
      <Typography component="h2" sx={{ fontWeight: 700, fontSize: 20, mb: 2 }}>
        {card.heading}
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1.5, '& dd': { m: 0 } }}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ fontWeight: 600 }}>
              {value}
            </Typography>
          </div>
        ))}
      </Box>
    </Paper>
  );
}
