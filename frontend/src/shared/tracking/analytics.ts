/**
 * Anonymous usage events (POST /api/analytics). They carry no personal data and set no
 * cookie, so they need no consent; a failure is never shown to the visitor
 * (docs/product.md#cookies-and-analytics).
 */
export function trackEvent(
  event: string,
  data?: Record<string, unknown>,
  page = window.location.pathname,
): void {
  const body = JSON.stringify({ event, page, data });
  fetch('/api/analytics', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body,
    credentials: 'omit',
    keepalive: true,
  })
    .then((response) => {
      if (!response.ok) console.debug(`analytics ${event}: ${response.status}`);
    })
    .catch((error: unknown) => console.debug(`analytics ${event}:`, error));
}

let arrivedAt: string | undefined;

/**
 * Counts the page the visitor arrived on once it has loaded: the app's code loads only when the
 * visitor starts to use the page, and a visitor who only reads counts as well. Sent after the
 * load event so that on a slow connection the count never competes with the page's pictures.
 */
export function trackArrival(): void {
  const page = window.location.pathname;
  arrivedAt = page;
  const send = () => trackEvent('page_view', undefined, page);
  if (document.readyState === 'complete') send();
  else window.addEventListener('load', send, { once: true });
}

/** Whether this is the arrival page, counted already; true once. */
export function takeArrival(pathname: string): boolean {
  const arrived = arrivedAt === pathname;
  arrivedAt = undefined;
  return arrived;
}
