import { describe, expect, it } from '@jest/globals';
import type { LeadView } from '#src/contract/leads';
import { ownershipChanges, ownershipOf } from './ownershipChanges';

const lead = (overrides: Partial<LeadView> = {}) =>
  ({ id: 'l1', ownerId: null, followUpOn: null, followUpNote: '', ...overrides }) as LeadView;

describe('ownershipChanges', () => {
  it('should send nothing when nothing changed', () => {
    const open = lead({ ownerId: 'm1', followUpOn: '2026-12-08', followUpNote: 'Soita' });
    expect(ownershipChanges(open, ownershipOf(open))).toEqual({});
  });

  it('should send a new owner, and null for nobody', () => {
    expect(ownershipChanges(lead(), { ...ownershipOf(lead()), ownerId: 'm2' })).toEqual({
      ownerId: 'm2',
    });
    const owned = lead({ ownerId: 'm1' });
    expect(ownershipChanges(owned, { ...ownershipOf(owned), ownerId: '' })).toEqual({
      ownerId: null,
    });
  });

  it('should send date and note together when either changed', () => {
    expect(ownershipChanges(lead(), { ...ownershipOf(lead()), followUpOn: '2026-12-09' })).toEqual({
      followUpOn: '2026-12-09',
      followUpNote: '',
    });
  });

  it('should close the open follow-up, and set the next one when a date is given', () => {
    const open = lead({ followUpOn: '2026-12-08', followUpNote: 'Soita' });
    const done = { ...ownershipOf(open), followUpDone: true, followUpOn: '', followUpNote: '' };
    expect(ownershipChanges(open, done)).toEqual({ followUpDone: true });
    expect(
      ownershipChanges(open, { ...done, followUpOn: '2026-12-15', followUpNote: 'Uudestaan' }),
    ).toEqual({ followUpDone: true, followUpOn: '2026-12-15', followUpNote: 'Uudestaan' });
  });
});
