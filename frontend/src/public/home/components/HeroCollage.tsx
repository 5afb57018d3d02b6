import { Box } from '@mui/material';
import { homeCopy, KITCHEN_IMAGES } from '@/public/home/copy';

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
        <Box
          key={src}
          component="img"
          src={src}
          alt={homeCopy.hero.collageAlt[index]}
          width={640}
          height={480}
          loading={index < 4 ? 'eager' : 'lazy'}
          // The large first photo is the likeliest largest paint on a phone.
          fetchPriority={index === 0 ? 'high' : 'auto'}
          decoding="async"
          sx={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            borderRadius: 2,
            boxShadow: 2,
            gridColumn: index === 0 || index === 5 ? 'span 2' : undefined,
            gridRow: index === 0 || index === 5 ? 'span 2' : undefined,
            bgcolor: '#e8e2d9',
          }}
        />
      ))}
    </Box>
  );
}
