import { patternIcons } from '@/public/patterns/icons';
import { patternsCopy } from '@/public/patterns/copy';
import type { PatternBrowser, PatternView } from '@/public/patterns/hooks/usePatternBrowser';
import { PathIcon } from '@/shared/ui/Icon';

const VIEWS: { view: PatternView; label: string; icon: string }[] = [
  { view: 'grid', label: patternsCopy.gridView, icon: patternIcons.gridView },
  { view: 'list', label: patternsCopy.listView, icon: patternIcons.viewList },
];

/** Search field and the grid/list switch. */
export function PatternToolbar({ browser }: { browser: PatternBrowser }) {
  return (
    <div className="pattern-toolbar">
      <div className="pattern-search">
        <PathIcon path={patternIcons.search} className="pattern-search-icon" />
        <input
          type="search"
          className="field-control"
          value={browser.search}
          onChange={(event) => browser.setSearch(event.target.value)}
          placeholder={patternsCopy.searchPlaceholder}
          aria-label={patternsCopy.searchLabel}
          autoComplete="off"
          maxLength={40}
        />
      </div>
      <div role="group" aria-label={patternsCopy.viewLabel} className="pattern-views">
        {VIEWS.map(({ view, label, icon }) => (
          <button
            key={view}
            type="button"
            className="pattern-view"
            aria-label={label}
            aria-pressed={browser.view === view}
            onClick={() => browser.setView(view)}
          >
            <PathIcon path={icon} />
          </button>
        ))}
      </div>
    </div>
  );
}
