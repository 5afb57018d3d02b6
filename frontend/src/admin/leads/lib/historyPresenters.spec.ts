import { describe, expect, it } from '@jest/globals';
import type { HistoryEntry } from '#src/contract/lead-history';
import type { PipelineColumn } from '#src/contract/pipeline';
import { formatEuro } from '@/shared/format/format';
import { describeEntry } from './historyPresenters';

const columns: PipelineColumn[] = [
  { id: 'new', name: 'New', color: 'blue' },
  { id: 'won', name: 'Won', color: 'green' },
];
const who = {
  id: '3f0c8a46-1d5e-4d0c-9a35-0b6a7c1f2e11',
  occurredAt: '2026-11-23T09:15:00.000Z',
  actorName: 'Sami Seller',
  actorRole: 'salesperson',
};

describe('describeEntry', () => {
  it('should name the source and pattern a lead came from', () => {
    const entry: HistoryEntry = {
      ...who,
      type: 'LeadCreated',
      details: { source: 'quote', status: 'new', patternId: 'NH10', redacted: false },
    };
    expect(describeEntry(entry, columns)).toBe('Lead created from quote request (pattern NH10)');
  });

  it('should list each changed field with its label, euros and empty values', () => {
    const entry: HistoryEntry = {
      ...who,
      type: 'LeadDetailsChanged',
      details: {
        changes: [
          { field: 'phone', from: '', to: '+358 40 123 4567' },
          { field: 'totalPrice', from: 1290, to: 1500.5 },
        ],
        redacted: false,
      },
    };
    expect(describeEntry(entry, columns)).toBe(
      `Phone: (empty) → +358 40 123 4567; Total price: ${formatEuro(1290)} → ${formatEuro(1500.5)}`,
    );
  });

  it('should say the details were erased when only personal changes were made', () => {
    const entry: HistoryEntry = {
      ...who,
      type: 'LeadDetailsChanged',
      details: { changes: [], redacted: true },
    };
    expect(describeEntry(entry, columns)).toBe('Details changed (personal data erased)');
  });

  it('should show column names, and note a move caused by a deleted column', () => {
    const entry: HistoryEntry = {
      ...who,
      type: 'LeadStatusChanged',
      details: { from: 'new', to: 'won', reason: 'column_removed' },
    };
    expect(describeEntry(entry, columns)).toBe('Status: New → Won (column deleted)');
  });

  it('should fall back to the column id of a column that no longer exists', () => {
    const entry: HistoryEntry = {
      ...who,
      type: 'LeadStatusChanged',
      details: { from: 'gone', to: 'new' },
    };
    expect(describeEntry(entry, columns)).toBe('Status: gone → New');
  });

  it('should show notes, or that they were erased', () => {
    const notes: HistoryEntry = {
      ...who,
      type: 'LeadNotesChanged',
      details: { redacted: false, from: '', to: 'Call back Monday' },
    };
    const erased: HistoryEntry = { ...who, type: 'LeadNotesChanged', details: { redacted: true } };
    expect(describeEntry(notes, columns)).toBe('Notes: (empty) → Call back Monday');
    expect(describeEntry(erased, columns)).toBe('Notes changed (erased)');
  });

  it.each([
    ['LeadTrashed', 'Moved to the Recycle Bin'],
    ['LeadRestored', 'Restored from the Recycle Bin'],
    ['LeadErased', 'Deleted permanently (personal data erased)'],
  ] as const)('should describe %s', (type, text) => {
    expect(describeEntry({ ...who, type, details: {} }, columns)).toBe(text);
  });

  it('should name the pattern the visitor tried', () => {
    const entry: HistoryEntry = {
      ...who,
      type: 'VisualizationGenerated',
      details: { patternId: 'CT24' },
    };
    expect(describeEntry(entry, columns)).toBe('Tried pattern CT24 in the visualizer');
  });

  it('should tell owners and follow-ups, the note only while not erased', () => {
    const entry = (type: string, details: object) =>
      ({ ...who, type, details }) as unknown as HistoryEntry;
    expect(
      describeEntry(
        entry('LeadAssigned', {
          memberId: 'm2',
          memberName: 'Maria Korhonen',
          previousMemberId: null,
          previousMemberName: null,
        }),
        columns,
      ),
    ).toBe('Owner: nobody → Maria Korhonen');
    expect(
      describeEntry(
        entry('FollowUpScheduled', { dueOn: '2026-12-08', redacted: false, note: 'Soita' }),
        columns,
      ),
    ).toBe('Follow-up on 8.12.2026: Soita');
    expect(
      describeEntry(entry('FollowUpScheduled', { dueOn: '2026-12-08', redacted: true }), columns),
    ).toBe('Follow-up on 8.12.2026 (note erased)');
    expect(describeEntry(entry('FollowUpDone', { dueOn: '2026-12-08' }), columns)).toBe(
      'Follow-up of 8.12.2026 done',
    );
  });

  it('should tell a duplicate link and both sides of a merge', () => {
    const entry = (type: string, details: object) =>
      ({ ...who, type, details }) as unknown as HistoryEntry;
    expect(describeEntry(entry('LeadLinkedAsDuplicate', { otherLeadId: 'l0' }), columns)).toBe(
      'Came in with the e-mail or phone of another lead: a possible duplicate',
    );
    expect(describeEntry(entry('LeadMerged', { into: 'l0' }), columns)).toBe(
      'Merged into another lead',
    );
    expect(describeEntry(entry('LeadAbsorbed', { from: 'l1' }), columns)).toBe(
      'Another lead was merged into this one; its history is shown here too',
    );
  });

  it('should show the type of an entry a newer server sends that this screen does not know', () => {
    const unknown = JSON.parse(
      JSON.stringify({ ...who, type: 'LeadSplit', details: {} }),
    ) as HistoryEntry;
    expect(describeEntry(unknown, columns)).toBe('LeadSplit');
  });
});
