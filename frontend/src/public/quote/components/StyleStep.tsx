import CheckCircle from '@mui/icons-material/CheckCircle';
import { Box, Button, ButtonBase, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { routes } from '@/app/routes';
import { quoteCopy } from '@/public/quote/copy';
import type { QuoteWizard } from '@/public/quote/hooks/useQuoteWizard';
import { StepHeading } from './StepHeading';
import { ResponsiveImage } from '@/shared/components/ResponsiveImage';

export function StyleStep({ wizard }: { wizard: QuoteWizard }) {
  const { doorStyle, setDoorStyle, next } = wizard;
  return (
    <>
      <StepHeading lead={quoteCopy.style.lead}>{quoteCopy.style.heading}</StepHeading>
      <Box
        role="radiogroup"
        aria-label={quoteCopy.style.heading}
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' },
        }}
      >
        {quoteCopy.style.options.map((option) => {
          const selected = doorStyle === option.value;
          return (
            <ButtonBase
              key={option.value}
              role="radio"
              aria-checked={selected}
              onClick={() => setDoorStyle(option.value)}
              sx={{
                display: 'flex',
                flexDirection: 'column',
                alignItems: 'stretch',
                justifyContent: 'flex-start',
                height: '100%',
                textAlign: 'left',
                borderRadius: 3,
                overflow: 'hidden',
                bgcolor: '#fff',
                border: 2,
                borderColor: selected ? 'secondary.main' : 'transparent',
                boxShadow: selected ? 4 : 1,
                position: 'relative',
                '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main' },
              }}
            >
              <ResponsiveImage
                src={option.image}
                alt=""
                width={400}
                height={500}
                sizes="(min-width: 900px) 25vw, 50vw"
                // The door pictures are what the page shows first.
                priority
                sx={{ display: 'block' }}
                imageSx={{ width: '100%', height: 'auto', aspectRatio: '4 / 5', display: 'block' }}
              />
              {selected && (
                <CheckCircle
                  color="secondary"
                  sx={{
                    position: 'absolute',
                    top: 8,
                    right: 8,
                    bgcolor: '#fff',
                    borderRadius: '50%',
                  }}
                />
              )}
              <Box sx={{ p: 1.5 }}>
                <Typography sx={{ fontWeight: 700 }}>{option.value}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {option.text}
                </Typography>
              </Box>
            </ButtonBase>
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 4, gap: 2 }}>
        <Button component={RouterLink} to={routes.home} variant="text">
          {quoteCopy.backHome}
        </Button>
        <Button variant="contained" disabled={!doorStyle} onClick={next}>
          {quoteCopy.next}
        </Button>
      </Box>
    </>
  );
}
