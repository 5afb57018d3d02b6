import { Box, Button, Container, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { routes } from '@/app/routes';
import { homeCopy } from '@/public/home/copy';
import { accentButtonSx } from '@/shared/components/accent';

export function StepsSection() {
  return (
    <Box
      component="section"
      aria-labelledby="steps-heading"
      sx={{ py: { xs: 6, md: 9 }, bgcolor: '#f1ece4' }}
    >
      <Container>
        <Typography
          id="steps-heading"
          variant="h2"
          sx={{ fontSize: { xs: 28, md: 36 }, mb: 4, textAlign: 'center' }}
        >
          {homeCopy.stepsHeading}
        </Typography>
        <Box
          component="ol"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
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
      </Container>
    </Box>
  );
}
