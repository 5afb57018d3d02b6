import { hasMarketingConsent, onConsentChange, readConsent } from './consent';

type Fbq = ((...args: unknown[]) => void) & {
  callMethod?: (...args: unknown[]) => void;
  queue: unknown[][];
  loaded: boolean;
  version: string;
  push: Fbq;
};

declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

const PIXEL_SCRIPT = 'https://connect.facebook.net/en_US/fbevents.js';
let pixelId: string | null = null;
let stopListening: (() => void) | null = null;

/**
 * Called once the site configuration is known. The pixel's script is fetched only after the
 * visitor chose 'Hyväksy kaikki', and only when the company configured a pixel id.
 */
export function configureMetaPixel(id: string | null): void {
  pixelId = id;
  stopListening?.();
  stopListening = null;
  if (!id) return;
  applyConsent(readConsent());
  stopListening = onConsentChange(applyConsent);
}

function applyConsent(consent: string | null): void {
  if (!pixelId) return;
  if (consent === 'all') {
    loadPixel(pixelId);
    window.fbq?.('consent', 'grant');
    window.fbq?.('track', 'PageView');
  } else if (window.fbq) {
    window.fbq('consent', 'revoke');
  }
}

function loadPixel(id: string): void {
  if (window.fbq) return;
  const fbq = function (...args: unknown[]) {
    if (fbq.callMethod) fbq.callMethod(...args);
    else fbq.queue.push(args);
  } as Fbq;
  fbq.push = fbq;
  fbq.loaded = true;
  fbq.version = '2.0';
  fbq.queue = [];
  window.fbq = fbq;
  window._fbq = fbq;
  // Revoked before init: nothing is sent until consent is granted explicitly.
  fbq('consent', 'revoke');
  fbq('init', id);
  const script = document.createElement('script');
  script.async = true;
  script.src = PIXEL_SCRIPT;
  script.dataset.metaPixel = id;
  document.head.appendChild(script);
}

/** Sends a standard pixel event (e.g. 'Lead', 'ViewContent') only with marketing consent. */
export function trackPixel(event: string, params?: Record<string, unknown>): void {
  if (!pixelId || !hasMarketingConsent() || !window.fbq) return;
  window.fbq('track', event, params);
}
