import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Box, Container, Typography } from '@mui/material';
import { homeCopy } from '@/public/home/copy';

export function BenefitsSection() {
  return (
    <Box component="section" aria-labelledby="benefits-heading" sx={{ py: { xs: 6, md: 9 } }}>
      <Container>
        <Typography
          id="benefits-heading"
          variant="h2"
          sx={{ fontSize: { xs: 28, md: 36 }, mb: 4, textAlign: 'center' }}
        >
          {homeCopy.benefitsHeading}
        </Typography>
        <Box
          component="ul"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 2,
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(5, 1fr)' },
          }}
        >
          {homeCopy.benefits.map((benefit) => (
            <Box
              component="li"
              key={benefit.title}
              sx={{ bgcolor: '#fff', borderRadius: 3, p: 3, boxShadow: 1 }}
            >
              <CheckCircleOutline color="secondary" aria-hidden />
              <Typography component="h3" sx={{ fontWeight: 700, fontSize: 18, my: 1 }}>
                {benefit.title}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {benefit.text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Container>
    </Box>
  );
}
