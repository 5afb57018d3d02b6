import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, ButtonBase, Paper, Typography } from '@mui/material';
import { useRef, type KeyboardEvent } from 'react';
import { VISUALIZER_PATTERN_CODES } from '#src/contract/visualizer';
import { thumbnailOf, visualizerCopy as copy } from '../copy';

interface Props {
  selected: string | null;
  disabled: boolean;
  onSelect: (code: string) => void;
}

/** Step 2: the 12 visualizer patterns in a scrollable grid; one can be chosen. */
export function PatternPicker({ selected, disabled, onSelect }: Props) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  // A radio group: one tab stop, arrow keys move the choice (WAI-ARIA radio group pattern).
  const focusable = Math.max(
    0,
    (VISUALIZER_PATTERN_CODES as readonly string[]).indexOf(selected ?? ''),
  );
  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLButtonElement>) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + VISUALIZER_PATTERN_CODES.length) % VISUALIZER_PATTERN_CODES.length;
    buttons.current[next]?.focus();
    onSelect(VISUALIZER_PATTERN_CODES[next]);
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Typography variant="h2" id="pattern-grid-heading" sx={{ fontSize: 22, mb: 2 }}>
        {copy.step2}
      </Typography>
      <Box
        role="radiogroup"
        aria-labelledby="pattern-grid-heading"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'repeat(3, 1fr)', sm: 'repeat(4, 1fr)' },
          gap: 1.5,
          maxHeight: 360,
          overflowY: 'auto',
          p: 0.5,
        }}
      >
        {VISUALIZER_PATTERN_CODES.map((code, index) => {
          const isSelected = selected === code;
          return (
            <ButtonBase
              key={code}
              ref={(element: HTMLButtonElement | null) => {
                buttons.current[index] = element;
              }}
              role="radio"
              tabIndex={index === focusable ? 0 : -1}
              onKeyDown={onKeyDown(index)}
              aria-checked={isSelected}
              aria-label={copy.patternAlt(code)}
              disabled={disabled}
              onClick={() => onSelect(code)}
              data-testid={`pattern-${code}`}
              sx={{
                display: 'block',
                position: 'relative',
                borderRadius: 1,
                overflow: 'hidden',
                outline: isSelected ? '3px solid' : '1px solid',
                outlineColor: isSelected ? 'primary.main' : 'divider',
                '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'secondary.main' },
              }}
            >
              <Box
                component="img"
                src={thumbnailOf(code)}
                alt=""
                loading="lazy"
                sx={{
                  display: 'block',
                  width: '100%',
                  aspectRatio: '1',
                  objectFit: 'cover',
                  bgcolor: 'grey.200',
                }}
              />
              <Typography
                variant="caption"
                sx={{ display: 'block', py: 0.5, fontWeight: 600, bgcolor: 'background.paper' }}
              >
                {code}
              </Typography>
              {isSelected && (
                <CheckCircleIcon
                  color="primary"
                  sx={{
                    position: 'absolute',
                    top: 4,
                    right: 4,
                    bgcolor: 'white',
                    borderRadius: '50%',
                  }}
                />
              )}
            </ButtonBase>
          );
        })}
      </Box>
    </Paper>
  );
}
