import { Box, Container, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { telephoneHref } from '#src/contract/site';
import { useSiteConfig } from '@/shared/site/siteConfig';
import { layoutCopy } from './copy';
import { plainListSx } from '@/shared/components/plainList';

const { footer } = layoutCopy;

/** Footer links take the visitor to the top of the page they open (docs/product.md#public-site). */
const scrollToTop = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' });

const linkSx = { color: 'rgba(255,255,255,0.85)', '&:hover': { color: '#fff' } } as const;

export function SiteFooter() {
  const site = useSiteConfig();
  return (
    <Box component="footer" sx={{ bgcolor: '#14263f', color: '#fff', mt: 'auto', pt: 6, pb: 3 }}>
      <Container>
        <Box
          sx={{
            display: 'grid',
            gap: 4,
            gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' },
          }}
        >
          <Box>
            <Typography component="p" sx={{ fontWeight: 800, fontSize: 20, mb: 1 }}>
              {site?.companyName ?? layoutCopy.brand}
            </Typography>
            <Typography sx={{ color: 'rgba(255,255,255,0.8)', maxWidth: 420 }}>
              {footer.blurb}
            </Typography>
          </Box>
          <Box component="nav" aria-label={footer.servicesHeading}>
            <Typography component="h2" sx={{ fontWeight: 700, mb: 1.5, fontSize: 16 }}>
              {footer.servicesHeading}
            </Typography>
            <Box component="ul" sx={{ ...plainListSx, display: 'grid', gap: 1 }}>
              {footer.services.map((service) => (
                <li key={service.label}>
                  <Link component={RouterLink} to={service.to} onClick={scrollToTop} sx={linkSx}>
                    {service.label}
                  </Link>
                </li>
              ))}
            </Box>
          </Box>
          <Box>
            <Typography component="h2" sx={{ fontWeight: 700, mb: 1.5, fontSize: 16 }}>
              {footer.contactHeading}
            </Typography>
            <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1, '& dd': { m: 0 } }}>
              <div>
                <Box component="dt" sx={{ fontSize: 13, color: 'rgba(255,255,255,0.7)' }}>
                  {footer.phoneLabel}
                </Box>
                <dd>
                  {site && (
                    <Link href={telephoneHref(site.phone)} sx={linkSx}>
                      {site.phone}
                    </Link>
                  )}
                </dd>
              </div>
              <div>
                <Box component="dt" sx={{ fontSize: 13, color: 'rgba(255,255,255,0.7)' }}>
                  {footer.emailLabel}
                </Box>
                <dd>
                  {site && (
                    <Link href={`mailto:${site.email}`} sx={linkSx}>
                      {site.email}
                    </Link>
                  )}
                </dd>
              </div>
              <div>
                <Box component="dt" sx={{ fontSize: 13, color: 'rgba(255,255,255,0.7)' }}>
                  {footer.areaLabel}
                </Box>
                <dd>{site?.serviceArea ?? footer.area}</dd>
              </div>
            </Box>
          </Box>
        </Box>
        <Box
          sx={{
            mt: 5,
            pt: 2,
            borderTop: '1px solid rgba(255,255,255,0.15)',
            display: 'flex',
            flexWrap: 'wrap',
            gap: 2,
            alignItems: 'center',
            fontSize: 14,
            color: 'rgba(255,255,255,0.75)',
          }}
        >
          <span>
            © {new Date().getFullYear()} {site?.companyName ?? layoutCopy.brand}. {footer.rights}
          </span>
          <Box sx={{ display: 'flex', gap: 2, ml: { md: 'auto' } }}>
            {[footer.privacy, footer.terms].map((link) => (
              <Link
                key={link.to}
                component={RouterLink}
                to={link.to}
                onClick={scrollToTop}
                sx={linkSx}
              >
                {link.label}
              </Link>
            ))}
          </Box>
        </Box>
      </Container>
    </Box>
  );
}
