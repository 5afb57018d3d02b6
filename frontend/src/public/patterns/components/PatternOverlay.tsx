import Close from '@mui/icons-material/Close';
import { Box, Dialog, IconButton, Typography } from '@mui/material';
import type { Pattern } from '#src/contract/patterns';
import { patternsCopy } from '@/public/patterns/copy';

/**
 * The model's full image over a dark backdrop. Clicking anywhere but the image, the close button
 * or Escape closes it; focus is trapped inside and returns to the tile afterwards.
 */
export function PatternOverlay({
  pattern,
  onClose,
}: {
  pattern: Pattern | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={pattern !== null}
      onClose={onClose}
      fullScreen
      aria-labelledby="pattern-overlay-title"
      slotProps={{ paper: { sx: { bgcolor: 'rgba(0, 0, 0, 0.9)', boxShadow: 'none' } } }}
    >
      {pattern && (
        <Box
          data-testid="pattern-overlay"
          onClick={(event) => event.target === event.currentTarget && onClose()}
          sx={{
            position: 'relative',
            flex: 1,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 2,
            p: { xs: 2, md: 4 },
            minHeight: 0,
          }}
        >
          <IconButton
            onClick={onClose}
            aria-label={patternsCopy.close}
            sx={{
              position: 'absolute',
              top: 12,
              right: 12,
              color: '#fff',
              bgcolor: 'rgba(255, 255, 255, 0.12)',
              '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.24)' },
            }}
          >
            <Close />
          </IconButton>
          <Box
            component="img"
            src={pattern.imagePath}
            alt={patternsCopy.imageAlt(pattern.name)}
            width={1024}
            height={1024}
            sx={{
              // Sized before the image arrives, so the frame does not jump when it loads.
              width: 'min(100%, calc(100dvh - 140px), 1024px)',
              height: 'auto',
              aspectRatio: '1 / 1',
              objectFit: 'contain',
              borderRadius: 1,
              bgcolor: 'grey.800',
            }}
          />
          <Typography
            id="pattern-overlay-title"
            component="h2"
            sx={{ color: '#fff', fontSize: 22, fontWeight: 700 }}
          >
            {pattern.name}
          </Typography>
        </Box>
      )}
    </Dialog>
  );
}
