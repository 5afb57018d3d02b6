/** The stored cookie choice; none: not chosen yet (docs/product.md#cookies-and-analytics). */
export const CONSENT_KEY = 'cookie-consent';

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

export function hasMarketingConsent(): boolean {
  return readConsent() === 'all';
}
