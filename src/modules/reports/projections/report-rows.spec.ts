import { isoWeek, reportMonth, reportWeek } from './report-rows.js';

describe('reportMonth', () => {
  it('should put moments in the month they fall in in Finland, around both offsets', () => {
    // Winter (UTC+2): local midnight of 1 November is 22:00 UTC.
    expect(reportMonth(new Date('2026-10-31T21:59:59.999Z'))).toBe('2026-10');
    expect(reportMonth(new Date('2026-10-31T22:00:00.000Z'))).toBe('2026-11');
    // Summer (UTC+3): local midnight of 1 July is 21:00 UTC.
    expect(reportMonth(new Date('2026-06-30T20:59:59.999Z'))).toBe('2026-06');
    expect(reportMonth(new Date('2026-06-30T21:00:00.000Z'))).toBe('2026-07');
  });

  it('should give the same month again for any moment of an hour already seen', () => {
    expect(reportMonth('2026-03-31T20:30:00.000Z')).toBe('2026-03');
    expect(reportMonth('2026-03-31T20:59:00.000Z')).toBe('2026-03');
    expect(reportMonth('2026-03-31T21:00:00.000Z')).toBe('2026-04');
    expect(reportMonth('2026-03-31T21:30:00.000Z')).toBe('2026-04');
  });
});

describe('reportWeek', () => {
  it('should give the ISO week of the day in Finland', () => {
    // Monday 7 December 2026 starts local time at 22:00 UTC on the Sunday.
    expect(reportWeek(new Date('2026-12-06T21:59:59.000Z'))).toBe('2026-W49');
    expect(reportWeek(new Date('2026-12-06T22:00:00.000Z'))).toBe('2026-W50');
  });

  it('should put the days around new year in the week that holds their Thursday', () => {
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2026-01-01')).toBe('2026-W01');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
    expect(isoWeek('2021-01-03')).toBe('2020-W53');
  });
});
