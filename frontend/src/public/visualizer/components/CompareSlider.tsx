import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { visualizerCopy as copy } from '../copy';

interface Props {
  beforeUrl: string;
  afterUrl: string;
  afterAlt: string;
}

const STEP = 5;

/**
 * Before/after comparison: the original shows left of the divider, the new look right of it.
 * Click or drag anywhere to move the divider; it starts at 50 % and answers the arrow keys.
 */
export function CompareSlider({ beforeUrl, afterUrl, afterAlt }: Props) {
  const [position, setPosition] = useState(50);
  // Width follows the photo's shape so the whole comparison fits the screen's height.
  const [aspect, setAspect] = useState(1.5);
  const area = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const rect = area.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(Math.round(Math.min(100, Math.max(0, ((clientX - rect.left) / rect.width) * 100))));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = true;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    moveTo(event.clientX);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const stopDragging = () => {
    dragging.current = false;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next =
      event.key === 'ArrowLeft' || event.key === 'ArrowDown'
        ? position - STEP
        : event.key === 'ArrowRight' || event.key === 'ArrowUp'
          ? position + STEP
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? 100
              : null;
    if (next === null) return;
    event.preventDefault();
    setPosition(Math.min(100, Math.max(0, next)));
  };

  return (
    <div
      ref={area}
      data-testid="compare-area"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={stopDragging}
      onPointerCancel={stopDragging}
      className="viz-compare"
      style={{ maxWidth: `min(1400px, calc((100vh - 110px) * ${aspect}))` }}
    >
      <img
        src={afterUrl}
        alt={afterAlt}
        draggable={false}
        onLoad={(event) => {
          const image = event.currentTarget;
          if (image.naturalHeight) setAspect(image.naturalWidth / image.naturalHeight);
        }}
        className="viz-compare-after"
      />
      <img
        src={beforeUrl}
        alt={copy.original}
        draggable={false}
        data-testid="compare-before"
        className="viz-compare-before"
        style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
      />
      <div
        role="slider"
        tabIndex={0}
        aria-label={copy.compareSlider}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={position}
        aria-valuetext={`${position} %`}
        onKeyDown={onKeyDown}
        className="viz-compare-divider"
        style={{ left: `${position}%` }}
      />
    </div>
  );
}
