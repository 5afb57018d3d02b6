/**
 * The cookie banner works before the app's code arrives: the server puts its prerendered markup
 * into every public page with this script right after it, which the page policy allows by its
 * hash (docs/decisions/0105-public-pages-load-their-code-at-once.md).
 */

/** Where the visitor's choice is stored in the browser (docs/product.md#cookies-and-analytics). */
export const CONSENT_KEY = 'cookie-consent';

export const COOKIE_BANNER_ID = 'cookie-banner';

/** Announced on `window` with the choice as `detail` when the visitor chooses in the banner. */
export const CONSENT_EVENT = 'consent-change';

/**
 * Removes the banner for a visitor who has chosen before (it runs before the page is first
 * painted, so it never shows); otherwise answers its buttons: a choice is stored and announced,
 * closing hides it for this page view only, the details button opens and closes the details.
 */
export const COOKIE_BANNER_SCRIPT = `(function () {
  var banner = document.getElementById('${COOKIE_BANNER_ID}');
  var stored = null;
  try { stored = localStorage.getItem('${CONSENT_KEY}'); } catch (e) {}
  if (stored === 'all' || stored === 'necessary') { banner.remove(); return; }
  banner.addEventListener('click', function (event) {
    var button = event.target.closest('button');
    if (!button) return;
    var choice = button.getAttribute('data-consent');
    if (choice) {
      try { localStorage.setItem('${CONSENT_KEY}', choice); } catch (e) {}
      window.dispatchEvent(new CustomEvent('${CONSENT_EVENT}', { detail: choice }));
    }
    if (choice || button.hasAttribute('data-close')) { banner.remove(); return; }
    var details = document.getElementById(button.getAttribute('aria-controls'));
    if (!details) return;
    var open = details.hidden;
    details.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    button.textContent = button.getAttribute(open ? 'data-hide' : 'data-show');
  });
})();`;
