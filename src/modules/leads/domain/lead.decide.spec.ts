import { deciderSpec } from '#test/support/decider-spec.js';
import type { CreateLeadInput } from '#src/modules/leads/domain/lead.types.js';
import { decide, type LeadCommand } from './lead.decide.js';
import type { LeadCreated, LeadEvent } from './lead.events.js';
import { AINO, AINO_ORDER, leadCreatedFor } from '#test/support/lead-fixtures.js';
import { evolve, foldLead, INITIAL_LEAD_STATE } from './lead.state.js';

const STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'closed'];
const spec = deciderSpec({ decide, evolve, initialState: INITIAL_LEAD_STATE });

const input = (overrides: Partial<CreateLeadInput> = {}): CreateLeadInput => ({
  source: 'manual',
  customer: { ...AINO },
  ...AINO_ORDER,
  ...overrides,
});
const createLead = (overrides: Partial<CreateLeadInput> = {}): LeadCommand => ({
  type: 'CreateLead',
  leadId: 'l1',
  input: input(overrides),
  statuses: STATUSES,
});

const leadCreated: LeadCreated = leadCreatedFor('l1');
const created: LeadEvent[] = [leadCreated];
const trashed: LeadEvent[] = [...created, { type: 'LeadTrashed', data: {} }];
const erased: LeadEvent[] = [...trashed, { type: 'LeadErased', data: {} }];

describe('decide', () => {
  describe('CreateLead', () => {
    it('should create a lead in the first column with personal data apart', () => {
      spec.given([]).when(createLead()).then([leadCreated]);
    });

    it('should refuse a second creation of the same lead', () => {
      spec.given(created).when(createLead()).thenRefuses('conflict');
    });

    it('should refuse an unknown status and a manual lead without a last name', () => {
      spec
        .given([])
        .when(createLead({ status: 'lost' }))
        .thenRefuses('invalid');
      spec
        .given([])
        .when(createLead({ customer: { ...input().customer, lastName: ' ' } }))
        .thenRefuses('invalid', 'customer.lastName should not be empty');
    });

    it('should accept a contact-form sender with a single name', () => {
      const state = spec
        .given([])
        .when(
          createLead({ source: 'contact_form', customer: { ...input().customer, lastName: '' } }),
        )
        .then([
          {
            ...leadCreated,
            data: { ...leadCreated.data, source: 'contact_form' },
            personalData: { ...leadCreated.personalData!, lastName: '' },
          },
        ]);
      expect(state.exists).toBe(true);
    });
  });

  describe('CreateLead with duplicates', () => {
    it('should link the new lead to each active lead found with its e-mail or phone', () => {
      spec
        .given([])
        .when({ ...createLead(), duplicateOf: ['l0', 'l9'] } as LeadCommand)
        .then([
          leadCreated,
          { type: 'LeadLinkedAsDuplicate', data: { otherLeadId: 'l0' } },
          { type: 'LeadLinkedAsDuplicate', data: { otherLeadId: 'l9' } },
        ]);
    });

    it('should link a lead once to each other lead and never to itself', () => {
      spec
        .given([])
        .when({ ...createLead(), duplicateOf: ['l0', 'l1', 'l0'] } as LeadCommand)
        .then([leadCreated, { type: 'LeadLinkedAsDuplicate', data: { otherLeadId: 'l0' } }]);
    });

    it('should link nothing when the refused creation appends nothing', () => {
      spec
        .given([])
        .when({ ...createLead({ status: 'lost' }), duplicateOf: ['l0'] } as LeadCommand)
        .thenRefuses('invalid');
    });
  });

  describe('MergeLead and AbsorbLead', () => {
    const survivorOf = (events: LeadEvent[]) => foldLead([leadCreatedFor('l2'), ...events]);
    const merge = (survivor = survivorOf([]), into = 'l2'): LeadCommand => ({
      type: 'MergeLead',
      leadId: 'l1',
      into,
      survivor,
    });
    const merged: LeadEvent[] = [...created, { type: 'LeadMerged', data: { into: 'l2' } }];

    it('should mark the lead merged into the survivor, and off the board for good', () => {
      const state = spec
        .given(created)
        .when(merge())
        .then([{ type: 'LeadMerged', data: { into: 'l2' } }]);
      expect(state.mergedInto).toBe('l2');
    });

    it('should let the survivor take in the merged lead', () => {
      spec
        .given(created)
        .when({ type: 'AbsorbLead', from: 'l9' })
        .then([{ type: 'LeadAbsorbed', data: { from: 'l9' } }]);
    });

    it('should refuse merging a lead into itself', () => {
      spec
        .given(created)
        .when(merge(foldLead(created), 'l1'))
        .thenRefuses('invalid', 'into must be another lead than the one merged');
    });

    it('should refuse a survivor that does not exist, was erased, merged or is in the bin', () => {
      spec.given(created).when(merge(INITIAL_LEAD_STATE)).thenRefuses('not_found');
      spec
        .given(created)
        .when(
          merge(
            survivorOf([
              { type: 'LeadTrashed', data: {} },
              { type: 'LeadErased', data: {} },
            ]),
          ),
        )
        .thenRefuses('not_found', 'The lead to merge into was permanently deleted');
      spec
        .given(created)
        .when(merge(survivorOf([{ type: 'LeadMerged', data: { into: 'l3' } }])))
        .thenRefuses('conflict', 'The lead to merge into was itself merged into another');
      spec
        .given(created)
        .when(merge(survivorOf([{ type: 'LeadTrashed', data: {} }])))
        .thenRefuses('conflict', 'The lead to merge into is in the Recycle Bin');
    });

    it('should refuse merging a lead already merged, in the bin, erased or unknown', () => {
      spec
        .given(merged)
        .when(merge())
        .thenRefuses('conflict', 'The lead was merged into another lead');
      spec.given(trashed).when(merge()).thenRefuses('conflict');
      spec.given(erased).when(merge()).thenRefuses('not_found');
      spec.given([]).when(merge()).thenRefuses('not_found');
    });

    it('should refuse a survivor in the bin or merged its half of the merge', () => {
      spec.given(trashed).when({ type: 'AbsorbLead', from: 'l9' }).thenRefuses('conflict');
      spec.given(merged).when({ type: 'AbsorbLead', from: 'l9' }).thenRefuses('conflict');
    });

    it('should refuse every change of a merged lead but a removed column and a timed erasure', () => {
      spec.given(merged).when({ type: 'ChangeLeadNotes', notes: 'x' }).thenRefuses('conflict');
      spec.given(merged).when({ type: 'TrashLead' }).thenRefuses('conflict');
      spec.given(merged).when({ type: 'EraseLead' }).thenRefuses('conflict');
      spec
        .given(merged)
        .when({
          type: 'ChangeLeadStatus',
          to: 'contacted',
          statuses: STATUSES,
          reason: 'column_removed',
        })
        .then([
          {
            type: 'LeadStatusChanged',
            data: { from: 'new', to: 'contacted', reason: 'column_removed' },
          },
        ]);
      spec
        .given(merged)
        .when({ type: 'EraseLead', reason: 'retention' })
        .then([{ type: 'LeadErased', data: { reason: 'retention' } }]);
    });
  });

  describe('ChangeLeadDetails', () => {
    it('should record only the fields that changed, personal values apart', () => {
      const state = spec
        .given(created)
        .when({
          type: 'ChangeLeadDetails',
          contact: { firstName: 'Aino', phone: '+358 50 000 0000' },
          order: { doors: 8, drawers: 4 },
        })
        .then([
          {
            type: 'LeadDetailsChanged',
            data: { changes: { drawers: { from: 2, to: 4 } } },
            personalData: {
              changes: { phone: { from: '+358 40 123 4567', to: '+358 50 000 0000' } },
            },
          },
        ]);
      expect(state.order.drawers).toBe(4);
      expect(state.contact?.phone).toBe('+358 50 000 0000');
    });

    it('should decide nothing when nothing changed', () => {
      spec
        .given(created)
        .when({ type: 'ChangeLeadDetails', order: { doors: 8 } })
        .then([]);
    });

    it('should refuse edits of a lead in the bin', () => {
      spec
        .given(trashed)
        .when({ type: 'ChangeLeadDetails', order: { doors: 1 } })
        .thenRefuses('conflict');
    });
  });

  describe('ChangeLeadStatus', () => {
    it('should move the lead from one status to another', () => {
      const state = spec
        .given(created)
        .when({ type: 'ChangeLeadStatus', to: 'closed', statuses: STATUSES })
        .then([{ type: 'LeadStatusChanged', data: { from: 'new', to: 'closed' } }]);
      expect(state.status).toBe('closed');
    });

    it('should decide nothing for the same status and refuse an unknown one', () => {
      spec
        .given(created)
        .when({ type: 'ChangeLeadStatus', to: 'new', statuses: STATUSES })
        .then([]);
      spec
        .given(created)
        .when({ type: 'ChangeLeadStatus', to: 'nowhere', statuses: STATUSES })
        .thenRefuses('invalid');
    });

    it('should move a trashed lead only when its column is removed', () => {
      spec
        .given(trashed)
        .when({ type: 'ChangeLeadStatus', to: 'closed', statuses: STATUSES })
        .thenRefuses('conflict');
      spec
        .given(trashed)
        .when({
          type: 'ChangeLeadStatus',
          to: 'closed',
          statuses: STATUSES,
          reason: 'column_removed',
        })
        .then([
          {
            type: 'LeadStatusChanged',
            data: { from: 'new', to: 'closed', reason: 'column_removed' },
          },
        ]);
    });
  });

  describe('ChangeLeadNotes', () => {
    it('should keep the notes before and after as personal data', () => {
      const state = spec
        .given(created)
        .when({ type: 'ChangeLeadNotes', notes: 'Call Monday' })
        .then([
          { type: 'LeadNotesChanged', data: {}, personalData: { from: '', to: 'Call Monday' } },
        ]);
      expect(state.notes).toBe('Call Monday');
    });
  });

  describe('TrashLead and RestoreLead', () => {
    it('should trash and restore', () => {
      const inBin = spec
        .given(created)
        .when({ type: 'TrashLead' })
        .then([{ type: 'LeadTrashed', data: {} }]);
      expect(inBin.trashed).toBe(true);
      const restored = spec
        .given(trashed)
        .when({ type: 'RestoreLead' })
        .then([{ type: 'LeadRestored', data: {} }]);
      expect(restored.trashed).toBe(false);
    });

    it('should refuse to restore a lead that is not in the bin, or trash it twice', () => {
      spec.given(created).when({ type: 'RestoreLead' }).thenRefuses('conflict');
      spec.given(trashed).when({ type: 'TrashLead' }).thenRefuses('conflict');
    });

    it('should refuse any change to a lead that does not exist', () => {
      spec.given([]).when({ type: 'TrashLead' }).thenRefuses('not_found');
    });
  });

  describe('EraseLead', () => {
    it('should refuse to erase an active lead', () => {
      spec.given(created).when({ type: 'EraseLead' }).thenRefuses('conflict');
    });

    it('should erase a lead in the bin and then refuse everything', () => {
      const state = spec
        .given(trashed)
        .when({ type: 'EraseLead' })
        .then([{ type: 'LeadErased', data: {} }]);
      expect(state).toMatchObject({ erased: true, contact: null, notes: '' });
      spec.given(erased).when({ type: 'RestoreLead' }).thenRefuses('not_found');
    });

    it('should erase an active lead whose retention period ran out, saying why', () => {
      spec
        .given(created)
        .when({ type: 'EraseLead', reason: 'retention' })
        .then([{ type: 'LeadErased', data: { reason: 'retention' } }]);
    });

    it('should repeat an erasure after a restore, but not erase a lead twice', () => {
      spec
        .given(created)
        .when({ type: 'EraseLead', reason: 'restored_erasure' })
        .then([{ type: 'LeadErased', data: { reason: 'restored_erasure' } }]);
      spec
        .given(erased)
        .when({ type: 'EraseLead', reason: 'restored_erasure' })
        .thenRefuses('not_found');
    });
  });

  describe('AssignLead', () => {
    const members = ['m1', 'm2'];

    it('should give the lead to an active member, saying who had it before', () => {
      const state = spec
        .given(created)
        .when({ type: 'AssignLead', memberId: 'm1', members })
        .then([{ type: 'LeadAssigned', data: { memberId: 'm1', previousMemberId: null } }]);
      expect(state.ownerId).toBe('m1');
      spec
        .given([
          ...created,
          { type: 'LeadAssigned', data: { memberId: 'm1', previousMemberId: null } },
        ])
        .when({ type: 'AssignLead', memberId: null, members })
        .then([{ type: 'LeadAssigned', data: { memberId: null, previousMemberId: 'm1' } }]);
    });

    it('should decide nothing when the owner stays', () => {
      spec
        .given([
          ...created,
          { type: 'LeadAssigned', data: { memberId: 'm2', previousMemberId: null } },
        ])
        .when({ type: 'AssignLead', memberId: 'm2', members })
        .then([]);
    });

    it('should refuse someone who is not an active member, and a lead in the bin', () => {
      spec
        .given(created)
        .when({ type: 'AssignLead', memberId: 'gone', members })
        .thenRefuses('invalid', 'ownerId must be an active team member');
      spec
        .given(trashed)
        .when({ type: 'AssignLead', memberId: 'm1', members })
        .thenRefuses('conflict');
    });
  });

  describe('ScheduleFollowUp', () => {
    const today = '2026-12-07';
    const scheduled: LeadEvent[] = [
      ...created,
      { type: 'FollowUpScheduled', data: { dueOn: '2026-12-08' }, personalData: { note: 'Soita' } },
    ];

    it('should set a date and a note, the note with the personal data', () => {
      const state = spec
        .given(created)
        .when({ type: 'ScheduleFollowUp', dueOn: '2026-12-07', note: ' Soita aamulla ', today })
        .then([
          {
            type: 'FollowUpScheduled',
            data: { dueOn: '2026-12-07' },
            personalData: { note: 'Soita aamulla' },
          },
        ]);
      expect(state.followUp).toEqual({ dueOn: '2026-12-07', note: 'Soita aamulla' });
    });

    it('should keep the date when only the note changes, even once overdue', () => {
      spec
        .given(scheduled)
        .when({ type: 'ScheduleFollowUp', note: 'Soita illalla', today: '2026-12-10' })
        .then([
          {
            type: 'FollowUpScheduled',
            data: { dueOn: '2026-12-08' },
            personalData: { note: 'Soita illalla' },
          },
        ]);
      spec
        .given(scheduled)
        .when({ type: 'ScheduleFollowUp', dueOn: '2026-12-08', note: 'Soita', today })
        .then([]);
    });

    it('should refuse a new follow-up without a date, a date that is no day, and one in the past', () => {
      spec
        .given(created)
        .when({ type: 'ScheduleFollowUp', note: 'x', today })
        .thenRefuses('invalid', 'followUpOn is required for a new follow-up');
      spec
        .given(created)
        .when({ type: 'ScheduleFollowUp', dueOn: '2026-02-31', today })
        .thenRefuses('invalid', 'followUpOn must be a date as YYYY-MM-DD');
      spec
        .given(scheduled)
        .when({ type: 'ScheduleFollowUp', dueOn: '2026-12-06', today })
        .thenRefuses('invalid', 'followUpOn cannot be before today');
      spec
        .given(trashed)
        .when({ type: 'ScheduleFollowUp', dueOn: today, today })
        .thenRefuses('conflict');
    });
  });

  describe('CompleteFollowUp', () => {
    it('should close the open follow-up with its date', () => {
      const state = spec
        .given([
          ...created,
          { type: 'FollowUpScheduled', data: { dueOn: '2026-12-08' }, personalData: { note: '' } },
        ])
        .when({ type: 'CompleteFollowUp' })
        .then([{ type: 'FollowUpDone', data: { dueOn: '2026-12-08' } }]);
      expect(state.followUp).toBeNull();
    });

    it('should refuse when no follow-up is open', () => {
      spec
        .given(created)
        .when({ type: 'CompleteFollowUp' })
        .thenRefuses('conflict', 'The lead has no follow-up to mark done');
    });
  });
});

describe('evolve', () => {
  it('should rebuild the same state from personal-data-less (erased) events', () => {
    const detailsChanged: LeadEvent = {
      type: 'LeadDetailsChanged',
      data: { changes: {} },
      personalData: { changes: { email: { from: 'aino@example.fi', to: 'new@example.fi' } } },
    };
    const erasedLog = [leadCreated, detailsChanged].map((e) =>
      'personalData' in e ? ({ ...e, personalData: null } as LeadEvent) : e,
    );
    const state = foldLead(erasedLog);
    expect(state).toMatchObject({ exists: true, contact: null, status: 'new' });
  });

  it('should drop the open follow-up on erasure, and read an erased note as empty', () => {
    const followUp: LeadEvent = {
      type: 'FollowUpScheduled',
      data: { dueOn: '2026-12-08' },
      personalData: null,
    };
    expect(foldLead([leadCreated, followUp]).followUp).toEqual({ dueOn: '2026-12-08', note: '' });
    expect(foldLead([leadCreated, followUp, { type: 'LeadErased', data: {} }]).followUp).toBeNull();
  });
});
