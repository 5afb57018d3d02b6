/**
 * A formatter made on its first use: the page's first Intl formatter loads the locale's data,
 * 40–60 ms of main-thread work in Chromium, which a page that never shows a price or a date
 * should not pay while it hydrates.
 */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

const euro = onFirstUse(
  () => new Intl.NumberFormat('fi-FI', { style: 'currency', currency: 'EUR' }),
);
const wholeEuro = onFirstUse(
  () =>
    new Intl.NumberFormat('fi-FI', {
      style: 'currency',
      currency: 'EUR',
      maximumFractionDigits: 0,
    }),
);
const number = onFirstUse(() => new Intl.NumberFormat('fi-FI'));
const date = onFirstUse(
  () => new Intl.DateTimeFormat('fi-FI', { day: 'numeric', month: 'numeric', year: 'numeric' }),
);
const dateTime = onFirstUse(
  () =>
    new Intl.DateTimeFormat('fi-FI', {
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    }),
);

/** `1234.5` → `1 234,50 €` (Finnish grouping with no-break spaces). */
export function formatEuro(value: number): string {
  return euro().format(value);
}

/** `1270` → `1 270 €`, for prices quoted in whole euros. */
export function formatEuroWhole(value: number): string {
  return wholeEuro().format(value);
}

/** `1234.5` → `1 234,5`. */
export function formatNumber(value: number): string {
  return number().format(value);
}

/** `2026-11-21` → `21.11.2026`. */
export function formatDate(value: Date | string | number): string {
  return date().format(new Date(value));
}

/** `2026-11-21T14:05` → `21.11.2026 klo 14.05`. */
export function formatDateTime(value: Date | string | number): string {
  return dateTime().format(new Date(value));
}

/** A calendar day `2026-11-21` → `21.11.2026`, whatever the browser's time zone. */
export function formatDay(day: string): string {
  const [year, month, dayOfMonth] = day.split('-').map(Number);
  return `${dayOfMonth}.${month}.${year}`;
}
