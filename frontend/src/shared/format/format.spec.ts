import { describe, expect, it } from '@jest/globals';
import {
  formatDate,
  formatDateTime,
  formatDay,
  formatEuro,
  formatEuroWhole,
  formatNumber,
} from './format';

/** Finnish groups thousands and parts the euro sign with no-break spaces. */
const NBSP = '\u00a0';

describe('format', () => {
  it('should write euros the Finnish way, with cents', () => {
    expect(formatEuro(1234.5)).toBe(`1${NBSP}234,50${NBSP}€`);
  });

  it('should round whole-euro prices', () => {
    expect(formatEuroWhole(1269.6)).toBe(`1${NBSP}270${NBSP}€`);
  });

  it('should group numbers and use a decimal comma', () => {
    expect(formatNumber(1234.5)).toBe(`1${NBSP}234,5`);
  });

  it('should write dates day first, and times after "klo"', () => {
    const moment = new Date(2026, 10, 21, 14, 5);
    expect(formatDate(moment)).toBe('21.11.2026');
    expect(formatDateTime(moment)).toBe('21.11.2026 klo 14.05');
  });

  it('should write a calendar day day first without moving it across time zones', () => {
    expect(formatDay('2026-01-05')).toBe('5.1.2026');
  });
});
