import { CONSENT_EVENT, CONSENT_KEY } from '#src/contract/cookie-banner';

/** The stored cookie choice; none: not chosen yet (docs/product.md#cookies-and-analytics). */

export type Consent = 'all' | 'necessary';

type Listener = (consent: Consent | null) => void;
const listeners = new Set<Listener>();

export function readConsent(): Consent | null {
  try {
    const value = localStorage.getItem(CONSENT_KEY);
    return value === 'all' || value === 'necessary' ? value : null;
  } catch {
    // Storage can be blocked (privacy modes); then nobody has consented.
    return null;
  }
}

export function storeConsent(consent: Consent): void {
  try {
    localStorage.setItem(CONSENT_KEY, consent);
  } catch {
    // Still honour the choice for this page view.
  }
  listeners.forEach((listener) => listener(consent));
}

export function onConsentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// The cookie banner lives outside the app and announces the visitor's choice.
if (typeof window !== 'undefined') {
  window.addEventListener(CONSENT_EVENT, () => {
    const consent = readConsent();
    listeners.forEach((listener) => listener(consent));
  });
}

export function hasMarketingConsent(): boolean {
  return readConsent() === 'all';
}
