import { FOLLOW_UP_TIME_ZONE, finnishDay } from '#src/contract/finnish-day.js';

const HOUR_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: FOLLOW_UP_TIME_ZONE,
  hour: '2-digit',
  hourCycle: 'h23',
});

/** The day whose digest is due at `now` (`YYYY-MM-DD` in Finland), or null before `hour` there. */
export function digestDayAt(now: Date, hour: number): string | null {
  return Number(HOUR_FORMAT.format(now)) >= hour ? finnishDay(now) : null;
}
