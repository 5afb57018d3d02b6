import type { RecordedEvent } from '#src/platform/event-store/event-store.types.js';
import { presentEvent } from './audit-presenters.js';
import type { NameBook } from './presenter.types.js';

const names: NameBook = {
  lead: () => 'Aino Virtanen',
  member: (id) => (id === 'm1' ? 'Maria Korhonen' : 'a former member'),
  column: (id) => id,
};

const recorded = (
  type: string,
  data: Record<string, unknown>,
  personalData?: Record<string, unknown>,
): RecordedEvent =>
  ({
    globalPosition: 1,
    transactionId: '1',
    streamId: 'lead-l1',
    streamVersion: 2,
    eventId: 'e1',
    type,
    schemaVersion: 1,
    data,
    personalData,
    metadata: { actorId: 's1', actorName: 'Sami Seller', actorRole: 'salesperson' },
    occurredAt: new Date('2026-12-07T08:00:00Z'),
  }) as RecordedEvent;

describe('lead presenters', () => {
  describe('owners and follow-ups', () => {
    it('should tell who got the lead, and when nobody owns it any more', () => {
      expect(presentEvent(recorded('LeadAssigned', { memberId: 'm1' }), names)).toEqual({
        action: 'Assigned lead',
        target: { kind: 'lead', id: 'l1' },
        sentence: 'Sami Seller gave Aino Virtanen to Maria Korhonen',
      });
      expect(
        presentEvent(recorded('LeadAssigned', { memberId: null, previousMemberId: 'm1' }), names)
          .sentence,
      ).toBe('Sami Seller took Aino Virtanen from its owner');
    });

    it('should tell the follow-up date and never its note', () => {
      const scheduled = presentEvent(
        recorded('FollowUpScheduled', { dueOn: '2026-12-08' }, { note: 'Soita tiistaina' }),
        names,
      );
      expect(scheduled).toMatchObject({
        action: 'Set follow-up',
        sentence: 'Sami Seller set a follow-up of Aino Virtanen for 2026-12-08',
      });
      expect(scheduled.sentence).not.toContain('Soita');
      expect(presentEvent(recorded('FollowUpDone', { dueOn: '2026-12-08' }), names)).toMatchObject({
        action: 'Follow-up done',
        sentence: 'Sami Seller marked the follow-up of Aino Virtanen (due 2026-12-08) done',
      });
    });
  });
});
