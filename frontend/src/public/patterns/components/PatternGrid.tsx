import type { Pattern } from '#src/contract/patterns';
import { patternsCopy } from '@/public/patterns/copy';
import type { PatternView } from '@/public/patterns/hooks/usePatternBrowser';
import { PatternThumbnail } from './PatternThumbnail';

/** Tiles in a phone's first screen: loaded at once, they are its largest paint. */
const EAGER_TILES = 4;

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
  return (
    <ul
      className={list ? 'plain-list pattern-list' : 'plain-list pattern-grid'}
      data-testid={list ? 'pattern-list' : 'pattern-grid'}
    >
      {patterns.map((pattern, index) => (
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
