import Close from '@mui/icons-material/Close';
import { Box, Button, Collapse, IconButton, Link, Paper, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { routes } from '@/app/routes';
import { storeConsent, type Consent } from '@/shared/tracking/consent';
import { layoutCopy } from './copy';

const copy = layoutCopy.cookies;

/**
 * Shown while no choice is stored. Closing hides it for this visit without storing a choice,
 * so it asks again on the next visit (docs/product.md#cookies-and-analytics).
 */
export default function CookieBanner() {
  const [visible, setVisible] = useState(true);
  const [showDetails, setShowDetails] = useState(false);
  const detailsId = useId();
  const titleId = useId();
  if (!visible) return null;

  const choose = (consent: Consent) => {
    storeConsent(consent);
    setVisible(false);
  };

  return (
    <Paper
      component="section"
      role="region"
      aria-labelledby={titleId}
      elevation={8}
      data-testid="cookie-banner"
      sx={{
        position: 'fixed',
        zIndex: 'snackbar',
        left: { xs: 8, md: 24 },
        right: { xs: 8, md: 'auto' },
        bottom: { xs: 8, md: 24 },
        maxWidth: 520,
        p: { xs: 2, md: 3 },
        pr: { xs: 5, md: 6 },
      }}
    >
      <IconButton
        aria-label={copy.close}
        onClick={() => setVisible(false)}
        size="small"
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <Close fontSize="small" />
      </IconButton>
      <Typography id={titleId} component="h2" sx={{ fontWeight: 700, fontSize: 17, mb: 0.5 }}>
        {copy.title}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {copy.text}{' '}
        <Link component={RouterLink} to={routes.privacy}>
          {copy.privacyLink}
        </Link>
      </Typography>
      <Collapse in={showDetails}>
        <Box id={detailsId} component="dl" sx={{ my: 1, '& dd': { ml: 0, mb: 1 } }}>
          {copy.details.map((detail) => (
            <div key={detail.name}>
              <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
                {detail.name}
              </Typography>
              <Typography component="dd" variant="body2" color="text.secondary">
                {detail.text}
              </Typography>
            </div>
          ))}
        </Box>
      </Collapse>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button
          size="small"
          onClick={() => setShowDetails((shown) => !shown)}
          aria-expanded={showDetails}
          aria-controls={detailsId}
        >
          {showDetails ? copy.hideDetails : copy.showDetails}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" onClick={() => choose('necessary')}>
          {copy.necessary}
        </Button>
        <Button variant="contained" onClick={() => choose('all')}>
          {copy.all}
        </Button>
      </Box>
    </Paper>
  );
}
