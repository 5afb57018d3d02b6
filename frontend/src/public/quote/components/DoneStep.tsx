import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Box, Button, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import type { QuoteAnswer } from '#src/contract/quote';
import { routes } from '@/app/routes';
import { quoteCopy } from '@/public/quote/copy';
import { formatEuroWhole, formatNumber } from '@/shared/format/format';
import { StepHeading } from './StepHeading';

const copy = quoteCopy.done;

export function DoneStep({ answer, onNewQuote }: { answer: QuoteAnswer; onNewQuote: () => void }) {
  const rows: [string, string][] = [
    [copy.doorStyle, answer.doorStyle],
    [copy.doors, `${formatNumber(answer.doors)} kpl`],
    [copy.drawers, `${formatNumber(answer.drawers)} kpl`],
    [copy.metres, `${formatNumber(answer.metres)} m`],
    [copy.total, formatEuroWhole(answer.totalPrice)],
  ];
  return (
    <Box sx={{ textAlign: 'center' }}>
      <CheckCircleOutline color="success" sx={{ fontSize: 64, mb: 1 }} aria-hidden />
      <StepHeading lead={copy.text}>{copy.heading}</StepHeading>
      <Box
        component="dl"
        aria-label={copy.summary}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'auto auto',
          justifyContent: 'center',
          columnGap: 3,
          rowGap: 1,
          textAlign: 'left',
          bgcolor: '#fff',
          borderRadius: 3,
          p: 3,
          mx: 'auto',
          maxWidth: 420,
          boxShadow: 1,
          '& dd': { m: 0, fontWeight: 700 },
        }}
      >
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              data-testid={label === copy.total ? 'total-price' : undefined}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', gap: 2, mt: 4, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={onNewQuote}>
          {copy.newQuote}
        </Button>
        <Button component={RouterLink} to={routes.home} variant="outlined">
          {quoteCopy.backHome}
        </Button>
      </Box>
    </Box>
  );
}
