import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { BenefitsSection } from '@/public/home/components/BenefitsSection';
import { HeroCollage } from '@/public/home/components/HeroCollage';
import { StepsSection } from '@/public/home/components/StepsSection';
import { homeCopy } from '@/public/home/copy';
import { ACCENT_TEXT, accentButtonSx } from '@/shared/components/accent';
import { usePageMeta } from '@/shared/components/usePageMeta';

const { hero } = homeCopy;

export function HomePage() {
  usePageMeta(homeCopy.title, homeCopy.description);
  return (
    <>
      <Box component="section" aria-labelledby="hero-heading" sx={{ py: { xs: 4, md: 8 } }}>
        <Container
          sx={{
            display: 'grid',
            gap: { xs: 4, md: 6 },
            alignItems: 'center',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1.1fr' },
          }}
        >
          <Box>
            <Typography
              component="p"
              sx={{ color: ACCENT_TEXT, fontWeight: 700, letterSpacing: '0.04em', mb: 1 }}
            >
              {hero.eyebrow}
            </Typography>
            <Typography
              id="hero-heading"
              variant="h1"
              sx={{ fontSize: { xs: 34, md: 52 }, lineHeight: 1.1, mb: 2 }}
            >
              {hero.heading}
            </Typography>
            <Typography sx={{ fontSize: { xs: 17, md: 19 }, color: 'text.secondary', mb: 3 }}>
              {hero.lead}
            </Typography>
            <Box
              data-testid="price-badge"
              sx={{
                display: 'inline-block',
                bgcolor: 'primary.main',
                color: '#fff',
                fontWeight: 800,
                borderRadius: 99,
                px: 2.5,
                py: 1,
                mb: 3,
                fontSize: 18,
              }}
            >
              {hero.badge}
            </Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              {hero.ctas.map((cta) => (
                <Button
                  key={cta.to}
                  component={RouterLink}
                  to={cta.to}
                  size="large"
                  variant={cta.variant}
                  sx={'accent' in cta ? accentButtonSx : undefined}
                >
                  {cta.label}
                </Button>
              ))}
            </Box>
          </Box>
          <HeroCollage />
        </Container>
      </Box>
      <BenefitsSection />
      <StepsSection />
    </>
  );
}
