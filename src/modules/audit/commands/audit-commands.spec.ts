import { randomUUID } from 'node:crypto';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { dataAccessStream } from '#src/modules/audit/domain/data-access.events.js';
import type { Actor } from '#src/platform/domain/actor.js';
import { RecordDataAccessCommand } from '#src/platform/data-access/record-data-access.command.js';
import { RequestContext } from '#src/platform/http/request-context.js';
import { RecordDataAccessHandler } from './record-data-access/record-data-access.handler.js';

const SALLA: Actor = { id: 'm-salla', name: 'Salla Myyjä', role: 'salesperson' };
const viewed = { type: 'LeadDetailsViewed' as const, data: { leadId: 'l1' } };

function handler() {
  const store = new InMemoryEventStore();
  return { store, record: new RecordDataAccessHandler(store.asEventStore()) };
}

const as = <T>(actor: Actor, work: () => Promise<T>) =>
  RequestContext.run({ requestId: randomUUID(), actor }, work);

describe('audit command handlers', () => {
  describe('RecordDataAccess', () => {
    it("should append each reading to the acting member's own stream", async () => {
      const { store, record } = handler();
      await as(SALLA, () => record.execute(new RecordDataAccessCommand(viewed)));
      await as(SALLA, () => record.execute(new RecordDataAccessCommand(viewed)));

      expect(store.eventsOf(dataAccessStream(SALLA.id))).toEqual([
        expect.objectContaining(viewed),
        expect.objectContaining(viewed),
      ]);
      expect(store.eventsOf(dataAccessStream(null))).toEqual([]);
    });

    it('should keep an export by the kinds of its filters and its row count', async () => {
      const { store, record } = handler();
      const exported = {
        type: 'PersonalDataExported' as const,
        data: { what: 'leads_csv' as const, filterKinds: ['search' as const], rows: 12 },
      };
      await as(SALLA, () => record.execute(new RecordDataAccessCommand(exported)));
      expect(store.eventsOf(dataAccessStream(SALLA.id))).toEqual([
        expect.objectContaining(exported),
      ]);
    });

    it("should record a reading outside any request on the system's stream", async () => {
      const { store, record } = handler();
      await record.execute(new RecordDataAccessCommand(viewed));
      expect(store.eventsOf(dataAccessStream(null))).toEqual([expect.objectContaining(viewed)]);
    });
  });
});
