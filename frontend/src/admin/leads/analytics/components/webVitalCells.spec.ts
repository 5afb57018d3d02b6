import { describe, expect, it } from '@jest/globals';
import { formatVital, webVitalCells } from './webVitalCells';

describe('webVitalCells', () => {
  it('should show each metric in its unit, with the share good, and a dash for one not reported', () => {
    const cells = webVitalCells({
      page: '/quote',
      vitals: [
        { metric: 'LCP', p75: 2140, goodShare: 0.836, samples: 61 },
        { metric: 'CLS', p75: 0.25, goodShare: 2 / 3, samples: 3 },
      ],
    });
    expect(cells).toEqual([
      {
        metric: 'LCP',
        p75: '2,1 s',
        good: '84\u00a0%',
        passes: true,
        samples: 61,
        views: '61 views',
      },
      { metric: 'INP', p75: '–', good: '–', passes: null, samples: 0, views: '0 views' },
      {
        metric: 'CLS',
        p75: '0,25',
        good: '67\u00a0%',
        passes: false,
        samples: 3,
        views: '3 views',
      },
    ]);
  });

  it('should call a 75th percentile at the threshold good and one above it not', () => {
    const [, inp] = webVitalCells({
      page: '/',
      vitals: [{ metric: 'INP', p75: 200, goodShare: 0.75, samples: 4 }],
    });
    expect(inp.passes).toBe(true);
    const [lcp] = webVitalCells({
      page: '/',
      vitals: [{ metric: 'LCP', p75: 2500.5, goodShare: 0.7, samples: 10 }],
    });
    expect(lcp.passes).toBe(false);
  });

  it('should count one page view in the singular and others in the plural', () => {
    const views = (samples: number) =>
      webVitalCells({ page: '/', vitals: [{ metric: 'LCP', p75: 900, goodShare: 1, samples }] })[0]
        .views;
    expect(views(1)).toBe('1 view');
    expect(views(2)).toBe('2 views');
    expect(views(1234)).toBe('1\u00a0234 views');
  });

  it('should round INP to whole milliseconds with Finnish grouping', () => {
    expect(formatVital('INP', 1234.6)).toBe('1\u00a0235 ms');
  });
});
