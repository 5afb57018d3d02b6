import type { CreateLeadInput } from '#src/modules/leads/commands/create-lead/create-lead.command.js';
import { decide, decideAll, type LeadCommand } from './lead.decide.js';
import { LeadCommandRefused } from './lead.errors.js';
import type { LeadEvent } from './lead.events.js';
import { foldLead, INITIAL_LEAD_STATE, type LeadState } from './lead.state.js';

const STATUSES = ['new', 'contacted', 'qualified', 'proposal', 'closed'];

const input = (overrides: Partial<CreateLeadInput> = {}): CreateLeadInput => ({
  source: 'manual',
  customer: {
    firstName: 'Aino',
    lastName: 'Virtanen',
    email: 'aino@example.fi',
    phone: '+358 40 123 4567',
    address: 'Mannerheimintie 1',
    city: 'Helsinki',
    country: 'FI',
  },
  doorStyle: 'Uritettu',
  doors: 8,
  drawers: 2,
  metres: 3.5,
  totalPrice: 2490,
  ...overrides,
});

// The lead's history so far: `created` starts it, `then` decides commands and appends their events.
let log: LeadEvent[] = [];
function created(overrides: Partial<CreateLeadInput> = {}): LeadState {
  log = decide(
    { type: 'CreateLead', leadId: 'l1', input: input(overrides), statuses: STATUSES },
    INITIAL_LEAD_STATE,
  );
  return foldLead(log);
}
function then(
  state: LeadState,
  ...commands: LeadCommand[]
): { events: LeadEvent[]; state: LeadState } {
  const events = decideAll(commands, state);
  log = [...log, ...events];
  return { events, state: foldLead(log) };
}
const refusal = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (error instanceof LeadCommandRefused) return error.kind;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('decide', () => {
  describe('CreateLead', () => {
    it('should create a lead in the first column with personal data apart', () => {
      const [event] = decide(
        { type: 'CreateLead', leadId: 'l1', input: input(), statuses: STATUSES },
        INITIAL_LEAD_STATE,
      );
      expect(event.type).toBe('LeadCreated');
      expect(event).toMatchObject({
        data: { leadId: 'l1', status: 'new', source: 'manual', totalPrice: 2490 },
        personalData: { firstName: 'Aino', email: 'aino@example.fi' },
      });
      expect(JSON.stringify(event.data)).not.toContain('aino@example.fi');
    });

    it('should refuse a second creation of the same lead', () => {
      expect(
        refusal(() =>
          decide(
            { type: 'CreateLead', leadId: 'l1', input: input(), statuses: STATUSES },
            created(),
          ),
        ),
      ).toBe('conflict');
    });

    it('should refuse an unknown status and a manual lead without a last name', () => {
      expect(refusal(() => created({ status: 'lost' }))).toBe('invalid');
      expect(refusal(() => created({ customer: { ...input().customer, lastName: ' ' } }))).toBe(
        'invalid',
      );
    });

    it('should accept a contact-form sender with a single name', () => {
      const state = created({
        source: 'contact_form',
        customer: { ...input().customer, lastName: '' },
      });
      expect(state.exists).toBe(true);
    });
  });

  describe('ChangeLeadDetails', () => {
    it('should record only the fields that changed, personal values apart', () => {
      const { events, state } = then(created(), {
        type: 'ChangeLeadDetails',
        contact: { firstName: 'Aino', phone: '+358 50 000 0000' },
        order: { doors: 8, drawers: 4 },
      });
      expect(events).toEqual([
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
      expect(then(created(), { type: 'ChangeLeadDetails', order: { doors: 8 } }).events).toEqual(
        [],
      );
    });

    it('should refuse edits of a lead in the bin', () => {
      const trashed = then(created(), { type: 'TrashLead' }).state;
      expect(
        refusal(() => decide({ type: 'ChangeLeadDetails', order: { doors: 1 } }, trashed)),
      ).toBe('conflict');
    });
  });

  describe('ChangeLeadStatus', () => {
    it('should move the lead from one status to another', () => {
      const { events, state } = then(created(), {
        type: 'ChangeLeadStatus',
        to: 'closed',
        statuses: STATUSES,
      });
      expect(events).toEqual([{ type: 'LeadStatusChanged', data: { from: 'new', to: 'closed' } }]);
      expect(state.status).toBe('closed');
    });

    it('should decide nothing for the same status and refuse an unknown one', () => {
      expect(
        then(created(), { type: 'ChangeLeadStatus', to: 'new', statuses: STATUSES }).events,
      ).toEqual([]);
      expect(
        refusal(() =>
          decide({ type: 'ChangeLeadStatus', to: 'nowhere', statuses: STATUSES }, created()),
        ),
      ).toBe('invalid');
    });

    it('should move a trashed lead only when its column is removed', () => {
      const trashed = then(created(), { type: 'TrashLead' }).state;
      expect(
        refusal(() =>
          decide({ type: 'ChangeLeadStatus', to: 'closed', statuses: STATUSES }, trashed),
        ),
      ).toBe('conflict');
      expect(
        decide(
          { type: 'ChangeLeadStatus', to: 'closed', statuses: STATUSES, reason: 'column_removed' },
          trashed,
        ),
      ).toHaveLength(1);
    });
  });

  describe('ChangeLeadNotes', () => {
    it('should keep the notes before and after as personal data', () => {
      const { events, state } = then(created(), { type: 'ChangeLeadNotes', notes: 'Call Monday' });
      expect(events).toEqual([
        { type: 'LeadNotesChanged', data: {}, personalData: { from: '', to: 'Call Monday' } },
      ]);
      expect(state.notes).toBe('Call Monday');
    });
  });

  describe('TrashLead and RestoreLead', () => {
    it('should trash and restore', () => {
      const trashed = then(created(), { type: 'TrashLead' });
      expect(trashed.events).toEqual([{ type: 'LeadTrashed', data: {} }]);
      expect(trashed.state.trashed).toBe(true);
      const restored = then(trashed.state, { type: 'RestoreLead' });
      expect(restored.events).toEqual([{ type: 'LeadRestored', data: {} }]);
      expect(restored.state.trashed).toBe(false);
    });

    it('should refuse to restore a lead that is not in the bin, or trash it twice', () => {
      expect(refusal(() => decide({ type: 'RestoreLead' }, created()))).toBe('conflict');
      const trashed = then(created(), { type: 'TrashLead' }).state;
      expect(refusal(() => decide({ type: 'TrashLead' }, trashed))).toBe('conflict');
    });

    it('should refuse any change to a lead that does not exist', () => {
      expect(refusal(() => decide({ type: 'TrashLead' }, INITIAL_LEAD_STATE))).toBe('not_found');
    });
  });

  describe('EraseLead', () => {
    it('should refuse to erase an active lead', () => {
      expect(refusal(() => decide({ type: 'EraseLead' }, created()))).toBe('conflict');
    });

    it('should erase a lead in the bin and then refuse everything', () => {
      const trashed = then(created(), { type: 'TrashLead' }).state;
      const erased = then(trashed, { type: 'EraseLead' });
      expect(erased.events).toEqual([{ type: 'LeadErased', data: {} }]);
      expect(erased.state).toMatchObject({ erased: true, contact: null, notes: '' });
      expect(refusal(() => decide({ type: 'RestoreLead' }, erased.state))).toBe('not_found');
    });
  });
});

describe('evolve', () => {
  it('should rebuild the same state from personal-data-less (erased) events', () => {
    const events = then(created(), {
      type: 'ChangeLeadDetails',
      contact: { email: 'new@example.fi' },
    }).events;
    const erasedLog = [...log.slice(0, -1), ...events].map((e) =>
      'personalData' in e ? ({ ...e, personalData: null } as LeadEvent) : e,
    );
    const state = foldLead(erasedLog);
    expect(state).toMatchObject({ exists: true, contact: null, status: 'new' });
  });
});
