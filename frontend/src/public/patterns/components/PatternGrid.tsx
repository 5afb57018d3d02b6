import { Box, ButtonBase, Typography } from '@mui/material';
import type { Pattern } from '#src/contract/patterns';
import { patternsCopy } from '@/public/patterns/copy';
import type { PatternView } from '@/public/patterns/hooks/usePatternBrowser';
import { PatternThumbnail } from './PatternThumbnail';
import { plainListSx } from '@/shared/components/plainList';

/** Tiles in a phone's first screen: loaded at once, they are its largest paint. */
const EAGER_TILES = 4;

interface Props {
  patterns: Pattern[];
  view: PatternView;
  onOpen: (pattern: Pattern) => void;
}

const focusRing = { '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main' } };

/**
 * The current page of models, as tiles or as rows; each one is a button that opens the overlay.
 * A button's name is its visible text (code and family), so speech input can say what it sees.
 */
export function PatternGrid({ patterns, view, onOpen }: Props) {
  const familyOf = (pattern: Pattern) => patternsCopy.families[pattern.family] ?? pattern.family;
  if (view === 'list') {
    return (
      <Box
        component="ul"
        data-testid="pattern-list"
        sx={{ ...plainListSx, display: 'grid', gap: 1 }}
      >
        {patterns.map((pattern) => (
          <Box component="li" key={pattern.id}>
            <ButtonBase
              onClick={() => onOpen(pattern)}
              aria-haspopup="dialog"
              sx={{
                width: '100%',
                justifyContent: 'flex-start',
                gap: 2,
                p: 1,
                bgcolor: '#fff',
                borderRadius: 2,
                boxShadow: 1,
                textAlign: 'left',
                ...focusRing,
              }}
            >
              <Box sx={{ borderRadius: 1.5, overflow: 'hidden', display: 'flex' }}>
                <PatternThumbnail pattern={pattern} size={64} />
              </Box>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700 }}>{pattern.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {pattern.description} · {familyOf(pattern)}
                </Typography>
              </Box>
            </ButtonBase>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      data-testid="pattern-grid"
      sx={{
        ...plainListSx,
        display: 'grid',
        gap: { xs: 1.5, md: 2 },
        gridTemplateColumns: {
          xs: 'repeat(2, 1fr)',
          sm: 'repeat(3, 1fr)',
          md: 'repeat(4, 1fr)',
          lg: 'repeat(6, 1fr)',
        },
      }}
    >
      {patterns.map((pattern, index) => (
        <Box component="li" key={pattern.id}>
          <ButtonBase
            onClick={() => onOpen(pattern)}
            aria-haspopup="dialog"
            sx={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              bgcolor: '#fff',
              borderRadius: 2,
              overflow: 'hidden',
              boxShadow: 1,
              transition: 'box-shadow 0.2s',
              '&:hover': { boxShadow: 4 },
              ...focusRing,
            }}
          >
            <PatternThumbnail pattern={pattern} eager={index < EAGER_TILES} />
            <Box sx={{ px: 1.5, py: 1 }}>
              <Typography sx={{ fontWeight: 700 }}>{pattern.name}</Typography>
              <Typography variant="body2" color="text.secondary">
                {familyOf(pattern)}
              </Typography>
            </Box>
          </ButtonBase>
        </Box>
      ))}
    </Box>
  );
}
