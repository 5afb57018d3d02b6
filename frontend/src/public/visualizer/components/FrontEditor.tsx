import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { type FrontOutline, isInsideOutline } from '#src/contract/visualizer';
import { visualizerCopy } from '../copy';
import { boxOutline, useFrontTaps } from '../hooks/useFrontTaps';
import { boxAround, growRegion, loadPixels, type Pixels } from '../lib/growRegion';
import { Alert } from '@/shared/ui/Alert';
import styles from './FrontEditor.module.css';
import { type TapMode, TapModeSwitch } from './TapModeSwitch';

const copy = visualizerCopy.fronts;
/** Arrow keys move the keyboard cursor this share of the photo per press. */
const CURSOR_STEP = 0.02;
/** A door-sized box (shares of the photo) when no region could be grown from a tap. */
const FALLBACK_SIZE = { width: 0.12, height: 0.25 };
/** A press that moves less than this share of the photo is a tap; farther, it draws a box. */
const DRAG_MIN = 0.03;

interface Props {
  imageUrl: string;
  /** Null while the server is still looking for fronts. */
  fronts: FrontOutline[] | null;
  disabled: boolean;
  onChange: (fronts: FrontOutline[]) => void;
  /** The server's name for the photo: taps are then answered by its segmentation model. */
  uploadId?: string;
}

const points = (outline: FrontOutline) => outline.map(([x, y]) => `${x},${y}`).join(' ');

/**
 * The photo with the fronts found outlined: a tap (click, or Enter at the keyboard cursor) on an
 * outline removes it; anywhere else adds the front there, outlined by the server's model (or
 * grown from the tap in the browser). A drag boxes a front in; the remove mode takes a wrong
 * region out. Its code loads once the visitor goes for a photo
 * (docs/decisions/0119-visualizer-steps-load-on-intent.md).
 */
export default function FrontEditor({ imageUrl, fronts, disabled, onChange, uploadId }: Props) {
  const [loaded, setLoaded] = useState<{ imageUrl: string; pixels: Pixels } | null>(null);
  const pixels = loaded?.imageUrl === imageUrl ? loaded.pixels : null;
  const [cursor, setCursor] = useState<[number, number] | null>(null);
  const [mode, setMode] = useState<TapMode>('add');
  /** Where a drag (or the keyboard's first box corner) began, and where it is now. */
  const [drag, setDrag] = useState<{ from: [number, number]; to: [number, number] } | null>(null);
  const pressed = useRef<{ id: number; from: [number, number] } | null>(null);
  const taps = useFrontTaps({
    uploadId,
    fronts: fronts ?? [],
    onChange,
    outlineHere: (x, y) =>
      (pixels ? growRegion(pixels, x, y) : null) ??
      boxAround(x, y, FALLBACK_SIZE.width, FALLBACK_SIZE.height),
  });
  const idle = !disabled && !taps.busy && fronts !== null;

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

  const tapAt = (x: number, y: number) => {
    if (!fronts || !idle) return;
    if (mode === 'remove') {
      void taps.removeAt(x, y);
      return;
    }
    const hit = fronts.findIndex((outline) => isInsideOutline(outline, x, y));
    if (hit >= 0) remove(hit);
    else void taps.addAt(x, y);
  };

  const boxIn = (from: [number, number], to: [number, number]) => {
    if (idle && mode !== 'remove') void taps.addBox(from[0], from[1], to[0], to[1]);
  };

  const at = (event: PointerEvent<HTMLDivElement>): [number, number] => {
    const box = event.currentTarget.getBoundingClientRect();
    return [
      clamp((event.clientX - box.left) / box.width),
      clamp((event.clientY - box.top) / box.height),
    ];
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!idle || (event.pointerType === 'mouse' && event.button !== 0)) return;
    pressed.current = { id: event.pointerId, from: at(event) };
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const press = pressed.current;
    if (!press || press.id !== event.pointerId || mode === 'remove') return;
    const to = at(event);
    const far = Math.hypot(to[0] - press.from[0], to[1] - press.from[1]) >= DRAG_MIN;
    setDrag(far ? { from: press.from, to } : null);
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const press = pressed.current;
    if (!press || press.id !== event.pointerId) return;
    pressed.current = null;
    setDrag(null);
    const to = at(event);
    const far = Math.hypot(to[0] - press.from[0], to[1] - press.from[1]) >= DRAG_MIN;
    if (far) boxIn(press.from, to);
    else if (mode !== 'box') tapAt(to[0], to[1]);
  };

  const onPointerCancel = () => {
    pressed.current = null;
    setDrag(null);
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
      const next: [number, number] = [clamp(x + move[0]), clamp(y + move[1])];
      setCursor(next);
      if (drag) setDrag({ from: drag.from, to: next });
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      if (mode !== 'box') tapAt(x, y);
      else if (!drag) setDrag({ from: [x, y], to: [x, y] });
      else {
        setDrag(null);
        boxIn(drag.from, [x, y]);
      }
    } else if (event.key === 'Escape' && drag) {
      setDrag(null);
    }
  };

  return (
    <section
      className="card viz-step"
      data-testid="front-editor"
      aria-labelledby="front-editor-title"
    >
      <h2 id="front-editor-title" className="viz-step-title">
        {copy.heading}
      </h2>
      {fronts === null ? (
        <p className="muted">{copy.detecting}</p>
      ) : (
        <div className={styles.stack}>
          {fronts.length === 0 ? (
            <Alert severity="info" data-testid="front-hint">
              {copy.noneFound}
            </Alert>
          ) : (
            <p className="muted">{copy.hint}</p>
          )}
          <TapModeSwitch mode={mode} disabled={disabled} onChange={setMode} />
          <p className={styles.message} role="status" data-testid="tap-message">
            {taps.message ?? ''}
          </p>
          {/* The photo is one focusable control of its own: arrow keys move a cursor over it and
              Enter taps there, as the hint it is described by says. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
          <div
            role="group"
            aria-label={copy.editorLabel}
            aria-describedby="front-editor-keys"
            aria-busy={taps.busy}
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
            tabIndex={0}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerCancel}
            onKeyDown={onKeyDown}
            data-testid="front-area"
            data-mode={mode}
            data-idle={idle}
            className={styles.area}
          >
            <img src={imageUrl} alt="" className={styles.photo} />
            <svg viewBox="0 0 1 1" preserveAspectRatio="none" className={styles.outlines}>
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
              {drag && (
                <polygon
                  points={points(boxOutline(drag.from[0], drag.from[1], drag.to[0], drag.to[1]))}
                  data-testid="front-box"
                  fill="rgba(21, 101, 192, 0.15)"
                  stroke="#1565c0"
                  strokeWidth={2}
                  strokeDasharray="6 4"
                  vectorEffect="non-scaling-stroke"
                />
              )}
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
            </svg>
            {taps.busy && (
              <div className={styles.working} data-testid="tap-working">
                <span className={styles.spinner} aria-hidden="true" />
                {copy.working}
              </div>
            )}
          </div>
          <p className="muted small" data-testid="front-count">
            {copy.count(fronts.length)}
          </p>
          <p className="muted small" id="front-editor-keys">
            {copy.modeHints[mode]} {copy.keyboard}
          </p>
        </div>
      )}
    </section>
  );
}

const clamp = (value: number) => Math.min(1, Math.max(0, value));
