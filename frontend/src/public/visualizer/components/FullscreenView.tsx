import CloseIcon from '@mui/icons-material/Close';
import { Box, Dialog, IconButton, Typography } from '@mui/material';
import { visualizerCopy as copy } from '../copy';
import { CompareSlider } from './CompareSlider';

export type FullscreenMode = 'original' | 'result' | 'compare';

interface Props {
  mode: FullscreenMode | null;
  originalUrl: string;
  resultUrl: string | null;
  patternId: string;
  onClose: () => void;
}

/** Fullscreen: a single image or the before/after comparison (docs/product.md#visualizer). */
export function FullscreenView({ mode, originalUrl, resultUrl, patternId, onClose }: Props) {
  const title =
    mode === 'compare'
      ? copy.compare
      : mode === 'original'
        ? copy.original
        : copy.result(patternId);
  return (
    <Dialog fullScreen open={mode !== null} onClose={onClose} aria-labelledby="fullscreen-title">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1 }}>
        <Typography id="fullscreen-title" sx={{ flex: 1, fontWeight: 600 }}>
          {title}
        </Typography>
        <IconButton onClick={onClose} aria-label={copy.close}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box
        sx={{
          flex: 1,
          overflow: 'auto',
          p: { xs: 1, md: 3 },
          display: 'grid',
          placeItems: 'center',
        }}
      >
        {mode === 'compare' && resultUrl ? (
          <CompareSlider
            beforeUrl={originalUrl}
            afterUrl={resultUrl}
            afterAlt={copy.resultAlt(patternId)}
          />
        ) : (
          <Box
            component="img"
            src={mode === 'original' ? originalUrl : (resultUrl ?? originalUrl)}
            alt={mode === 'original' ? copy.original : copy.resultAlt(patternId)}
            sx={{ maxWidth: '100%', maxHeight: 'calc(100vh - 100px)', objectFit: 'contain' }}
          />
        )}
      </Box>
    </Dialog>
  );
}
