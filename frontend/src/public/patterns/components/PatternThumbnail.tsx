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
  small = false,
  eager = false,
}: {
  pattern: Pattern;
  /** The list view's 64 px preview instead of a tile's full width. */
  small?: boolean;
  /** In the first screen: fetched with the page instead of when scrolled to. */
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  // A prerendered image can fail before the page is hydrated, when no onError listens yet.
  const noticeEarlyFailure = useCallback((image: HTMLImageElement | null) => {
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  return (
    <div className={small ? 'pattern-thumb pattern-thumb-small' : 'pattern-thumb'}>
      {failed ? (
        <div className="pattern-placeholder" data-testid="pattern-placeholder">
          <span className="pattern-placeholder-code">{pattern.id}</span>
          <span className="pattern-placeholder-text">{patternsCopy.imageLoading}</span>
        </div>
      ) : (
        // AVIF or WebP where the browser takes them: fewer bytes than the JPEG for the same look.
        <picture>
          <source type="image/avif" srcSet={thumbnailPath(pattern, 'avif')} />
          <source type="image/webp" srcSet={thumbnailPath(pattern, 'webp')} />
          <img
            src={thumbnailPath(pattern)}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            decoding={eager ? 'auto' : 'async'}
            width={320}
            height={320}
            ref={noticeEarlyFailure}
            onError={() => setFailed(true)}
          />
        </picture>
      )}
    </div>
  );
}
