import { Link } from '@/app/router';
import { routes } from '@/app/routes';
import { buttonClass } from '@/shared/ui/Button';
import { Icon, type IconName } from '@/shared/ui/Icon';
import { layoutCopy } from './copy';

const NAV_ICONS: Record<string, IconName> = {
  [routes.home]: 'home',
  [routes.visualizer]: 'sparkle',
  [routes.patterns]: 'collections',
  [routes.contact]: 'mail',
};

/** Labels show from the md breakpoint up; below it the menu is icons with accessible names. */
export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header-bar">
        <Link to={routes.home} aria-label={layoutCopy.homeAria} className="brand">
          {layoutCopy.brand}
        </Link>
        <nav aria-label={layoutCopy.navAria} className="site-nav">
          {layoutCopy.nav.map((item) => (
            <Link
              key={item.to}
              to={item.to}
              nav
              aria-label={item.label}
              title={item.label}
              className={buttonClass({}, 'nav-link')}
            >
              <Icon name={NAV_ICONS[item.to]!} className="icon-small" />
              <span className="nav-label">{item.label}</span>
            </Link>
          ))}
        </nav>
        <Link
          to={routes.quote}
          aria-label={layoutCopy.quoteButton}
          className={buttonClass({ variant: 'contained', accent: true }, 'quote-link')}
        >
          <Icon name="calculate" className="icon-small" />
          <span className="nav-label">{layoutCopy.quoteButton}</span>
        </Link>
      </div>
    </header>
  );
}
