import type { ReportDefinitionInput } from '#src/contract/reports.js';
import { refusalOf } from '#test/support/refusal.js';
import { EventTypeRegistry, field } from '#src/platform/event-store/event-types.js';
import { reportDefinitionStreamId } from '#src/modules/reports/domain/report-definition.events.js';
import { ReportDefinitionStreams } from '#src/modules/reports/infrastructure/report-definition-streams.js';
import type { DefinedReports } from '#src/modules/reports/queries/defined-reports.js';
import { InMemoryEventStore } from '#test/support/in-memory-event-store.js';
import { ChangeReportDefinitionCommand } from './change-report-definition/change-report-definition.command.js';
import { ChangeReportDefinitionHandler } from './change-report-definition/change-report-definition.handler.js';
import { DefineReportCommand } from './define-report/define-report.command.js';
import { DefineReportHandler } from './define-report/define-report.handler.js';
import { RemoveReportDefinitionCommand } from './remove-report-definition/remove-report-definition.command.js';
import { RemoveReportDefinitionHandler } from './remove-report-definition/remove-report-definition.handler.js';

const QUOTES: ReportDefinitionInput = {
  title: 'Quotes per door style',
  eventTypes: ['LeadCreated'],
  measure: { kind: 'count' },
  groupBy: ['doorStyle'],
};
const MONTHLY: ReportDefinitionInput = { ...QUOTES, groupBy: ['doorStyle', 'month'] };
const ID = 'a1b2c3d4e5';
const STREAM = reportDefinitionStreamId(ID);
const defined = (revision = 1, definition = QUOTES) => ({
  type: revision === 1 ? 'ReportDefined' : 'ReportDefinitionChanged',
  data: { ...definition, definitionId: ID, revision },
});

/**
 * The definition handlers on the one command path over streams kept in memory, with an event
 * type declared as the leads module declares it, and a count of the times this process was
 * brought in step (the projections that follow are the integration tier's).
 */
function handlers() {
  const store = new InMemoryEventStore();
  const eventTypes = new EventTypeRegistry();
  eventTypes.declare({
    type: 'LeadCreated',
    data: { leadId: field.id, doorStyle: field.nullable(field.label), totalPrice: field.number },
  });
  const synced = { count: 0 };
  const reports = { sync: async () => void synced.count++ } as unknown as DefinedReports;
  const streams = new ReportDefinitionStreams(store.asEventStore(), eventTypes, reports);
  return {
    store,
    synced,
    define: new DefineReportHandler(streams),
    change: new ChangeReportDefinitionHandler(streams),
    remove: new RemoveReportDefinitionHandler(streams),
  };
}

describe('report definition handlers', () => {
  describe('DefineReport', () => {
    it('should start a stream of its own at revision 1 with the title trimmed', async () => {
      const { store, synced, define } = handlers();
      const { definitionId } = await define.execute(
        new DefineReportCommand({ ...QUOTES, title: `  ${QUOTES.title} ` }),
      );

      // Its id goes into table names: short, lower-case hexadecimal.
      expect(definitionId).toMatch(/^[0-9a-f]{10}$/);
      expect(store.eventsOf(reportDefinitionStreamId(definitionId))).toEqual([
        { type: 'ReportDefined', data: { ...QUOTES, definitionId, revision: 1 } },
      ]);
      expect(synced.count).toBe(1);
    });

    it('should give each definition a new id, so two alike are two reports', async () => {
      const { store, define } = handlers();
      const first = await define.execute(new DefineReportCommand(QUOTES));
      const second = await define.execute(new DefineReportCommand(QUOTES));
      expect(second.definitionId).not.toBe(first.definitionId);
      expect(store.streamIds()).toHaveLength(2);
    });

    it('should refuse an event type no module declares, naming the field, and append nothing', async () => {
      const { store, synced, define } = handlers();
      const refusal = await refusalOf(
        define.execute(new DefineReportCommand({ ...QUOTES, eventTypes: ['QuoteInvented'] })),
      );
      expect(refusal.code).toBe('invalid');
      expect(refusal.field).toBe('eventTypes[0]');
      expect(store.streamIds()).toEqual([]);
      expect(synced.count).toBe(0);
    });
  });

  describe('ChangeReportDefinition', () => {
    it('should append the next revision of a defined report', async () => {
      const { store, synced, change } = handlers();
      store.given(STREAM, [defined()]);
      await change.execute(new ChangeReportDefinitionCommand(ID, MONTHLY));
      expect(store.eventsOf(STREAM, 1)).toEqual([defined(2, MONTHLY)]);
      expect(synced.count).toBe(1);
    });

    it('should append nothing for an edit that changes nothing but the spaces of the title', async () => {
      const { store, change } = handlers();
      store.given(STREAM, [defined()]);
      await change.execute(
        new ChangeReportDefinitionCommand(ID, { ...QUOTES, title: ` ${QUOTES.title}  ` }),
      );
      expect(store.eventsOf(STREAM, 1)).toEqual([]);
    });

    it('should decide again on the newer revision when another edit slips in', async () => {
      const { store, change } = handlers();
      store.given(STREAM, [defined()]);
      const summed = { ...QUOTES, measure: { kind: 'sum' as const, field: 'totalPrice' } };
      store.interleave(() => store.given(STREAM, [defined(2, summed)]));
      await change.execute(new ChangeReportDefinitionCommand(ID, MONTHLY));
      expect(store.eventsOf(STREAM, 2)).toEqual([defined(3, MONTHLY)]);
    });

    it('should refuse a removed definition and append nothing', async () => {
      const { store, synced, change } = handlers();
      store.given(STREAM, [
        defined(),
        { type: 'ReportDefinitionRemoved', data: { definitionId: ID, revision: 1 } },
      ]);
      const refusal = await refusalOf(
        change.execute(new ChangeReportDefinitionCommand(ID, QUOTES)),
      );
      expect(refusal.code).toBe('not_found');
      expect(store.eventsOf(STREAM, 2)).toEqual([]);
      expect(synced.count).toBe(0);
    });

    it('should refuse a report nobody defined and start no stream', async () => {
      const { store, change } = handlers();
      const refusal = await refusalOf(
        change.execute(new ChangeReportDefinitionCommand(ID, QUOTES)),
      );
      expect(refusal.code).toBe('not_found');
      expect(store.streamIds()).toEqual([]);
    });
  });

  describe('RemoveReportDefinition', () => {
    const removed = (revision: number) => ({
      type: 'ReportDefinitionRemoved',
      data: { definitionId: ID, revision },
    });

    it('should remove the report at the revision it had', async () => {
      const { store, synced, remove } = handlers();
      store.given(STREAM, [defined(), defined(2, MONTHLY)]);
      await remove.execute(new RemoveReportDefinitionCommand(ID));
      expect(store.eventsOf(STREAM, 2)).toEqual([removed(2)]);
      expect(synced.count).toBe(1);
    });

    it('should refuse a report removed already, and one nobody defined', async () => {
      const { store, synced, remove } = handlers();
      store.given(STREAM, [defined(), removed(1)]);
      const again = await refusalOf(remove.execute(new RemoveReportDefinitionCommand(ID)));
      expect(again.code).toBe('not_found');
      expect(store.eventsOf(STREAM, 2)).toEqual([]);
      const unknown = await refusalOf(
        remove.execute(new RemoveReportDefinitionCommand('0000000000')),
      );
      expect(unknown.code).toBe('not_found');
      expect(store.streamIds()).toEqual([STREAM]);
      expect(synced.count).toBe(0);
    });

    it('should remove the newest revision when an edit slips in first', async () => {
      const { store, remove } = handlers();
      store.given(STREAM, [defined()]);
      store.interleave(() => store.given(STREAM, [defined(2, MONTHLY)]));
      await remove.execute(new RemoveReportDefinitionCommand(ID));
      expect(store.eventsOf(STREAM, 2)).toEqual([removed(2)]);
    });
  });
});
