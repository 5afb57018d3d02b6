import Close from '@mui/icons-material/Close';
import { Box, IconButton, LinearProgress, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { routes } from '@/app/routes';
import { quoteCopy } from '@/public/quote/copy';
import type { WizardStep } from '@/public/quote/hooks/useQuoteWizard';
import { plainListSx } from '@/shared/components/plainList';

export function WizardProgress({ step }: { step: WizardStep }) {
  return (
    <Box sx={{ mb: 4 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography component="p" sx={{ fontWeight: 700 }} data-testid="step-counter">
          {quoteCopy.stepCounter(step)}
        </Typography>
        <IconButton
          component={RouterLink}
          to={routes.home}
          aria-label={quoteCopy.close}
          sx={{ ml: 'auto' }}
        >
          <Close />
        </IconButton>
      </Box>
      <LinearProgress
        variant="determinate"
        value={(step / 4) * 100}
        aria-label={quoteCopy.stepCounter(step)}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Box
        component="ol"
        sx={{
          ...plainListSx,
          mt: 1,
          display: 'grid',
          gridTemplateColumns: 'repeat(4, 1fr)',
        }}
      >
        {quoteCopy.steps.map((label, index) => (
          <Typography
            component="li"
            key={label}
            variant="body2"
            aria-current={index + 1 === step ? 'step' : undefined}
            sx={{
              textAlign: 'center',
              fontWeight: index + 1 === step ? 700 : 400,
              color: index + 1 <= step ? 'primary.main' : 'text.secondary',
            }}
          >
            {label}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
