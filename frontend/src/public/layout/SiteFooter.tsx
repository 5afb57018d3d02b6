import { Link } from '@/app/router';
import { telephoneHref } from '#src/contract/site';
import { useSiteConfig } from '@/shared/site/siteConfig';
import { layoutCopy } from './copy';

const { footer } = layoutCopy;

/** Footer links take the visitor to the top of the page they open (docs/product.md#public-site). */
const scrollToTop = () => window.scrollTo({ top: 0, left: 0, behavior: 'instant' });

export function SiteFooter() {
  const site = useSiteConfig();
  return (
    <footer className="site-footer">
      <div className="container">
        <div className="footer-grid">
          <div>
            <p className="footer-brand">{site?.companyName ?? layoutCopy.brand}</p>
            <p className="footer-blurb">{footer.blurb}</p>
          </div>
          <nav aria-label={footer.servicesHeading}>
            <h2 className="footer-heading">{footer.servicesHeading}</h2>
            <ul className="plain-list footer-list">
              {footer.services.map((service) => (
                <li key={service.label}>
                  <Link to={service.to} onClick={scrollToTop}>
                    {service.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className="footer-heading">{footer.contactHeading}</h2>
            <dl className="footer-facts">
              <div>
                <dt>{footer.phoneLabel}</dt>
                <dd>{site && <a href={telephoneHref(site.phone)}>{site.phone}</a>}</dd>
              </div>
              <div>
                <dt>{footer.emailLabel}</dt>
                <dd>{site && <a href={`mailto:${site.email}`}>{site.email}</a>}</dd>
              </div>
              <div>
                <dt>{footer.areaLabel}</dt>
                <dd>{site?.serviceArea ?? footer.area}</dd>
              </div>
            </dl>
          </div>
        </div>
        <div className="footer-bottom">
          <span>
            © {new Date().getFullYear()} {site?.companyName ?? layoutCopy.brand}. {footer.rights}
          </span>
          <div className="footer-legal">
            {[footer.privacy, footer.terms].map((link) => (
              <Link key={link.to} to={link.to} onClick={scrollToTop}>
                {link.label}
              </Link>
            ))}
          </div>
        </div>
      </div>
    </footer>
  );
}
