import { Box, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import type { Pattern } from '#src/contract/patterns';
import { thumbnailPath } from '@/public/patterns/api/patternsApi';
import { patternsCopy } from '@/public/patterns/copy';

/**
 * A square, lazily loaded preview. The box keeps its size before and after the image arrives
 * (no layout shift); if the image fails, the code and 'Kuva latautuu' stand in for it. The image
 * is decorative: the button around it is named by the code next to it.
 */
export function PatternThumbnail({
  pattern,
  size,
  eager = false,
}: {
  pattern: Pattern;
  size?: number;
  /** In the first screen: fetched with the page instead of when scrolled to. */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  // A prerendered image can fail before the page is hydrated, when no onError listens yet.
  const noticeEarlyFailure = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <Box
      sx={{
        position: 'relative',
        width: size ?? '100%',
        aspectRatio: '1 / 1',
        flexShrink: 0,
        bgcolor: 'grey.200',
        overflow: 'hidden',
      }}
    >
      {failed ? (
        <Box
          data-testid="pattern-placeholder"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'grid',
            placeContent: 'center',
            textAlign: 'center',
            color: 'text.secondary',
            p: 0.5,
          }}
        >
          <Typography sx={{ fontWeight: 700, fontSize: size ? 12 : 18 }}>{pattern.id}</Typography>
          <Typography variant="caption" sx={{ fontSize: size ? 10 : undefined }}>
            {patternsCopy.imageLoading}
          </Typography>
        </Box>
      ) : (
        // AVIF or WebP where the browser takes them: fewer bytes than the JPEG for the same look.
        <picture>
          <source type="image/avif" srcSet={thumbnailPath(pattern, 'avif')} />
          <source type="image/webp" srcSet={thumbnailPath(pattern, 'webp')} />
          <Box
            component="img"
            src={thumbnailPath(pattern)}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding={eager ? 'auto' : 'async'}
            width={320}
            height={320}
            ref={noticeEarlyFailure}
            onError={() => setFailed(true)}
            sx={{
              position: 'absolute',
              inset: 0,
              width: '100%',
              height: '100%',
              objectFit: 'cover',
            }}
          />
        </picture>
      )}
    </Box>
  );
}
