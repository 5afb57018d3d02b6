import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Box, Typography } from '@mui/material';
import { HomeSection } from '@/public/home/components/HomeSection';
import { homeCopy } from '@/public/home/copy';
import { plainListSx } from '@/shared/components/plainList';

export function BenefitsSection() {
  return (
    <HomeSection headingId="benefits-heading" heading={homeCopy.benefitsHeading}>
      <Box
        component="ul"
        sx={{
          ...plainListSx,
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
    </HomeSection>
  );
}
