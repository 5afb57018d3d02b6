import { preload } from 'react-dom';

/** The smaller width the build renders every site photo at (scripts/responsive-images.mjs). */
const SMALL_WIDTH = 320;

function srcSet(src: string, width: number, extension: string): string {
  const base = src.replace(/\.jpg$/, '');
  return [...new Set([Math.min(SMALL_WIDTH, width), width])]
    .map((size) => `${base}.${size}w.${extension} ${size}w`)
    .join(', ');
}

export interface ResponsiveImageProps {
  /** A JPEG under /images, `width` × `height` pixels. */
  src: string;
  width: number;
  height: number;
  /** Which width the image is shown at, as the `sizes` attribute says it. */
  sizes: string;
  alt: string;
  loading?: 'eager' | 'lazy';
  /** The page's largest paint: preloaded (as AVIF) and fetched first. */
  priority?: boolean;
  /** Placement of the picture (the grid item). */
  className?: string;
  imageClassName?: string;
}

/**
 * A site photo as AVIF, WebP or JPEG, whichever the browser takes first, at the width it is
 * shown at; the width and height attributes reserve its box before it arrives.
 */
export function ResponsiveImage({
  src,
  width,
  height,
  sizes,
  alt,
  loading = 'lazy',
  priority = false,
  className,
  imageClassName,
}: ResponsiveImageProps) {
  if (priority) {
    preload(src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: srcSet(src, width, 'avif'),
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  }
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcSet(src, width, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(src, width, 'webp')} sizes={sizes} />
      <img
        className={imageClassName}
        src={src}
        srcSet={srcSet(src, width, 'jpg')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? 'eager' : loading}
        fetchPriority={priority ? 'high' : 'auto'}
        // Async decoding lets a frame paint without the picture; the largest paint should not wait
        // a frame for it, the pictures below it may.
        decoding={priority ? 'auto' : 'async'}
      />
    </picture>
  );
}
