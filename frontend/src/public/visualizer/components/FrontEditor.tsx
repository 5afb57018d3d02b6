import { Alert, Box, Paper, Stack, Typography } from '@mui/material';
import { useEffect, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { type FrontOutline, isInsideOutline } from '#src/contract/visualizer';
import { visualizerCopy } from '../copy';
import { boxAround, growRegion, loadPixels, type Pixels } from '../lib/growRegion';

const copy = visualizerCopy.fronts;
/** Arrow keys move the keyboard cursor this share of the photo per press. */
const CURSOR_STEP = 0.02;
/** A door-sized box (shares of the photo) when no region could be grown from a tap. */
const FALLBACK_SIZE = { width: 0.12, height: 0.25 };

interface Props {
  imageUrl: string;
  /** Null while the server is still looking for fronts. */
  fronts: FrontOutline[] | null;
  disabled: boolean;
  onChange: (fronts: FrontOutline[]) => void;
}

const points = (outline: FrontOutline) => outline.map(([x, y]) => `${x},${y}`).join(' ');

/**
 * The photo with the fronts found outlined: a tap (click, or Enter at the keyboard cursor) on an
 * outline removes it; anywhere else adds the front there, grown from the tap to its edges.
 */
export function FrontEditor({ imageUrl, fronts, disabled, onChange }: Props) {
  const [loaded, setLoaded] = useState<{ imageUrl: string; pixels: Pixels } | null>(null);
  const pixels = loaded?.imageUrl === imageUrl ? loaded.pixels : null;
  const [cursor, setCursor] = useState<[number, number] | null>(null);

  useEffect(() => {
    let current = true;
    loadPixels(imageUrl).then(
      (read) => current && setLoaded({ imageUrl, pixels: read }),
      // A photo the browser cannot show (HEIC) still gets boxes around the taps.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [imageUrl]);

  const remove = (index: number) => {
    if (fronts && !disabled) onChange(fronts.filter((_, k) => k !== index));
  };

  const toggleAt = (x: number, y: number) => {
    if (!fronts || disabled) return;
    const hit = fronts.findIndex((outline) => isInsideOutline(outline, x, y));
    if (hit >= 0) {
      remove(hit);
      return;
    }
    const grown = pixels ? growRegion(pixels, x, y) : null;
    onChange([...fronts, grown ?? boxAround(x, y, FALLBACK_SIZE.width, FALLBACK_SIZE.height)]);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    toggleAt((event.clientX - box.left) / box.width, (event.clientY - box.top) / box.height);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const [x, y] = cursor ?? [0.5, 0.5];
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-CURSOR_STEP, 0],
      ArrowRight: [CURSOR_STEP, 0],
      ArrowUp: [0, -CURSOR_STEP],
      ArrowDown: [0, CURSOR_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      setCursor([clamp(x + move[0]), clamp(y + move[1])]);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      toggleAt(x, y);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="front-editor">
      <Typography variant="h2" sx={{ fontSize: 22, mb: 1 }}>
        {copy.heading}
      </Typography>
      {fronts === null ? (
        <Typography color="text.secondary">{copy.detecting}</Typography>
      ) : (
        <Stack spacing={1.5}>
          {fronts.length === 0 ? (
            <Alert severity="info" data-testid="front-hint">
              {copy.noneFound}
            </Alert>
          ) : (
            <Typography color="text.secondary">{copy.hint}</Typography>
          )}
          <Box
            role="group"
            aria-label={copy.editorLabel}
            aria-describedby="front-editor-keys"
            tabIndex={0}
            onClick={onClick}
            onKeyDown={onKeyDown}
            data-testid="front-area"
            sx={{
              position: 'relative',
              lineHeight: 0,
              cursor: disabled ? 'default' : 'crosshair',
              touchAction: 'manipulation',
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' },
            }}
          >
            <Box component="img" src={imageUrl} alt="" sx={{ width: '100%', borderRadius: 1 }} />
            <Box
              component="svg"
              viewBox="0 0 1 1"
              preserveAspectRatio="none"
              sx={{
                position: 'absolute',
                inset: 0,
                width: '100%',
                height: '100%',
                '& polygon:focus-visible': { outline: 'none', stroke: '#1565c0', strokeWidth: 5 },
              }}
            >
              {fronts.map((outline, k) => (
                <polygon
                  key={points(outline)}
                  points={points(outline)}
                  data-testid="front-outline"
                  role="button"
                  tabIndex={0}
                  aria-label={copy.front(k + 1)}
                  onKeyDown={(event) => {
                    if (event.key !== 'Enter' && event.key !== ' ') return;
                    event.preventDefault();
                    event.stopPropagation();
                    remove(k);
                  }}
                  fill="rgba(46, 160, 67, 0.25)"
                  stroke="#2ea043"
                  strokeWidth={2}
                  vectorEffect="non-scaling-stroke"
                />
              ))}
              {cursor && (
                <circle
                  cx={cursor[0]}
                  cy={cursor[1]}
                  r={0.012}
                  fill="none"
                  stroke="#d32f2f"
                  strokeWidth={3}
                  vectorEffect="non-scaling-stroke"
                  data-testid="front-cursor"
                />
              )}
            </Box>
          </Box>
          <Typography variant="body2" color="text.secondary" data-testid="front-count">
            {copy.count(fronts.length)}
          </Typography>
          <Typography variant="body2" color="text.secondary" id="front-editor-keys">
            {copy.keyboard}
          </Typography>
        </Stack>
      )}
    </Paper>
  );
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
