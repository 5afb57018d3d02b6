import { useDeferredValue } from 'react';
import type { Pattern } from '#src/contract/patterns';
import { patternsCopy } from '@/public/patterns/copy';
import type { PatternView } from '@/public/patterns/hooks/usePatternBrowser';
import { PatternThumbnail } from './PatternThumbnail';

/** Tiles in a phone's first screen: loaded at once, they are its largest paint. */
const EAGER_TILES = 4;

/** Tiles or rows rendered with the input that changed the page; the rest follow a moment later. */
const FIRST_SCREEN = 8;

interface Props {
  patterns: Pattern[];
  view: PatternView;
  onOpen: (pattern: Pattern) => void;
}

/**
 * The current page of models, as tiles or as rows; each one is a button that opens the overlay.
 * A button's name is its visible text (code and family), so speech input can say what it sees.
 */
export function PatternGrid({ patterns, view, onOpen }: Props) {
  const familyOf = (pattern: Pattern) => patternsCopy.families[pattern.family] ?? pattern.family;
  const list = view === 'list';
  // A letter typed in the search answers at once with what a phone shows; the rest of the page
  // renders in the background, interruptible by the next letter (docs/product.md#pattern-library).
  const settled = useDeferredValue(patterns);
  const rendered = settled === patterns ? patterns : patterns.slice(0, FIRST_SCREEN);
  return (
    <ul
      className={list ? 'plain-list pattern-list' : 'plain-list pattern-grid'}
      data-testid={list ? 'pattern-list' : 'pattern-grid'}
    >
      {rendered.map((pattern, index) => (
        <li key={pattern.id}>
          <button
            type="button"
            className={list ? 'pattern-row' : 'pattern-tile'}
            onClick={() => onOpen(pattern)}
            aria-haspopup="dialog"
          >
            <PatternThumbnail pattern={pattern} small={list} eager={!list && index < EAGER_TILES} />
            <span className="pattern-caption">
              <p className="pattern-name">{pattern.name}</p>
              <span className="pattern-detail">
                {list ? `${pattern.description} · ${familyOf(pattern)}` : familyOf(pattern)}
              </span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
