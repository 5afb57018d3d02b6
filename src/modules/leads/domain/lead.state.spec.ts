import { leadCreatedFor } from '#test/support/lead-fixtures.js';
import { evolveKept, foldLead } from './lead.state.js';

describe('evolveKept', () => {
  const created = leadCreatedFor('l1');

  it('should start a lead from its creation', () => {
    expect(evolveKept(undefined, created)).toEqual(foldLead([created]));
  });

  it('should skip an event of a lead whose creation was not kept', () => {
    expect(evolveKept(undefined, { type: 'LeadTrashed', data: {} })).toBeUndefined();
  });

  it('should evolve the lead a read model kept', () => {
    const kept = foldLead([created]);
    expect(evolveKept(kept, { type: 'LeadTrashed', data: {} })).toEqual({
      ...kept,
      trashed: true,
    });
  });
});
