/** Follow-ups are due on calendar days as the company's staff live them; pure, for both ends. */
export const FOLLOW_UP_TIME_ZONE = 'Europe/Helsinki';

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: FOLLOW_UP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day in Finland at a moment, as `YYYY-MM-DD`. */
export const finnishDay = (at: Date): string => DAY_FORMAT.format(at);
