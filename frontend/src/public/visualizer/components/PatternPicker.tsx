import { useRef, type KeyboardEvent } from 'react';
import { VISUALIZER_PATTERN_CODES } from '#src/contract/visualizer';
import { Icon } from '@/shared/ui/Icon';
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
    <section className="card viz-step">
      <h2 id="pattern-grid-heading" className="viz-step-title">
        {copy.step2}
      </h2>
      <div role="radiogroup" aria-labelledby="pattern-grid-heading" className="viz-patterns">
        {VISUALIZER_PATTERN_CODES.map((code, index) => {
          const isSelected = selected === code;
          return (
            <button
              key={code}
              type="button"
              ref={(element) => {
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
              className="viz-pattern"
            >
              <img src={thumbnailOf(code)} alt="" loading="lazy" className="viz-pattern-image" />
              <span className="viz-pattern-code">{code}</span>
              {isSelected && <Icon name="checkCircle" className="viz-pattern-check" />}
            </button>
          );
        })}
      </div>
    </section>
  );
}
