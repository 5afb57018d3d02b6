import { digestDayAt } from './digest-day.js';

describe(digestDayAt.name, () => {
  it('should answer nothing before the hour in Finland, and the Finnish day from it', () => {
    // 04:59 UTC is 06:59 in Helsinki in winter (UTC+2).
    expect(digestDayAt(new Date('2026-12-07T04:59:00Z'), 7)).toBeNull();
    expect(digestDayAt(new Date('2026-12-07T05:00:00Z'), 7)).toBe('2026-12-07');
  });

  it('should follow summer time (UTC+3)', () => {
    expect(digestDayAt(new Date('2026-06-15T03:59:00Z'), 7)).toBeNull();
    expect(digestDayAt(new Date('2026-06-15T04:00:00Z'), 7)).toBe('2026-06-15');
  });

  it('should name the Finnish day when it differs from the day in UTC', () => {
    // 22:30 UTC on the 6th is 00:30 on the 7th in Helsinki.
    expect(digestDayAt(new Date('2026-12-06T22:30:00Z'), 0)).toBe('2026-12-07');
  });
});
