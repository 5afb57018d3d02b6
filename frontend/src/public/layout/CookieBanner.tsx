import { COOKIE_BANNER_ID } from '#src/contract/cookie-banner';
import { routes } from '@/app/routes';
import { buttonClass } from '@/shared/ui/Button';
import { Icon } from '@/shared/ui/Icon';
import { layoutCopy } from './copy';

const copy = layoutCopy.cookies;
const titleId = `${COOKIE_BANNER_ID}-title`;
const detailsId = `${COOKIE_BANNER_ID}-details`;

/**
 * The cookie banner's markup, prerendered outside the app: its behaviour is the inline script of
 * src/contract/cookie-banner.ts, so it answers before the app's code arrives and the app never
 * renders it. Closing hides it for this page view without storing a choice, so it asks again on
 * the next visit (docs/product.md#cookies-and-analytics).
 */
export function CookieBanner() {
  return (
    <section
      id={COOKIE_BANNER_ID}
      aria-labelledby={titleId}
      data-testid="cookie-banner"
      className="cookie-banner"
    >
      <button type="button" aria-label={copy.close} data-close="" className="icon-btn cookie-close">
        <Icon name="close" className="icon-small" />
      </button>
      <h2 id={titleId} className="cookie-title">
        {copy.title}
      </h2>
      <p className="small cookie-text">
        {copy.text} <a href={routes.privacy}>{copy.privacyLink}</a>
      </p>
      <dl id={detailsId} className="small cookie-details" hidden>
        {copy.details.map((detail) => (
          <div key={detail.name}>
            <dt>{detail.name}</dt>
            <dd className="muted">{detail.text}</dd>
          </div>
        ))}
      </dl>
      <div className="cookie-actions">
        <button
          type="button"
          aria-expanded="false"
          aria-controls={detailsId}
          data-show={copy.showDetails}
          data-hide={copy.hideDetails}
          className={buttonClass({ size: 'small' })}
        >
          {copy.showDetails}
        </button>
        <span className="spacer" />
        <button
          type="button"
          data-consent="necessary"
          className={buttonClass({ variant: 'outlined' })}
        >
          {copy.necessary}
        </button>
        <button type="button" data-consent="all" className={buttonClass({ variant: 'contained' })}>
          {copy.all}
        </button>
      </div>
    </section>
  );
}
