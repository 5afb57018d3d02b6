import { Box } from '@mui/material';
import { homeCopy, KITCHEN_IMAGES } from '@/public/home/copy';
import { ResponsiveImage } from '@/shared/components/ResponsiveImage';

const isLarge = (index: number) => index === 0 || index === 5;

/** Eight kitchen photos; the four in view load first, the rest lazily. */
export function HeroCollage() {
  return (
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: 'repeat(4, 1fr)',
        gridAutoRows: { xs: 72, sm: 110, md: 120 },
        gap: 1,
      }}
    >
      {KITCHEN_IMAGES.map((src, index) => (
        <ResponsiveImage
          key={src}
          src={src}
          alt={homeCopy.hero.collageAlt[index]}
          width={640}
          height={480}
          sizes={
            isLarge(index) ? '(min-width: 900px) 320px, 50vw' : '(min-width: 900px) 160px, 25vw'
          }
          loading={index < 4 ? 'eager' : 'lazy'}
          // The large first photo is the likeliest largest paint on a phone.
          priority={index === 0}
          sx={{
            display: 'block',
            gridColumn: isLarge(index) ? 'span 2' : undefined,
            gridRow: isLarge(index) ? 'span 2' : undefined,
          }}
          imageSx={{
            display: 'block',
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            borderRadius: 2,
            boxShadow: 2,
            bgcolor: '#e8e2d9',
          }}
        />
      ))}
    </Box>
  );
}
