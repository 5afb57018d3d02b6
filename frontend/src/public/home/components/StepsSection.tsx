import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { routes } from '@/app/routes';
import { HomeSection } from '@/public/home/components/HomeSection';
import { homeCopy } from '@/public/home/copy';
import { accentButtonSx } from '@/shared/components/accent';
import { plainListSx } from '@/shared/components/plainList';

export function StepsSection() {
  return (
    <HomeSection headingId="steps-heading" heading={homeCopy.stepsHeading} background="#f1ece4">
      <Box
        component="ol"
        sx={{
          ...plainListSx,
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {homeCopy.steps.map((step, index) => (
          <Box component="li" key={step.title} sx={{ textAlign: 'center', px: 1 }}>
            <Box
              aria-hidden
              sx={{
                width: 48,
                height: 48,
                borderRadius: '50%',
                bgcolor: 'primary.main',
                color: '#fff',
                display: 'grid',
                placeItems: 'center',
                fontWeight: 800,
                fontSize: 20,
                mx: 'auto',
                mb: 1.5,
              }}
            >
              {index + 1}
            </Box>
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: 18, mb: 0.5 }}>
              {step.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {step.text}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ textAlign: 'center', mt: 5 }}>
        <Button
          component={RouterLink}
          to={routes.quote}
          variant="contained"
          size="large"
          sx={accentButtonSx}
        >
          {homeCopy.stepsCta}
        </Button>
      </Box>
    </HomeSection>
  );
}
