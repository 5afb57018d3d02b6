/**
 * Anonymous usage events (POST /api/analytics). They carry no personal data and set no
 * cookie, so they need no consent; a failure is never shown to the visitor
 * (docs/product.md#cookies-and-analytics).
 */
export function trackEvent(event: string, data?: Record<string, unknown>): void {
  const body = JSON.stringify({ event, page: window.location.pathname, data });
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
